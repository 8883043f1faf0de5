import { AdminSection } from '../AdminSection.tsx';

// Placeholder until this section lands (issue 12).
export default function ChannelsPage() {
  return <AdminSection title="Channels" intro="Team channels are being built."><p className="text-slate-600">Team channels are being built.</p></AdminSection>;
}
