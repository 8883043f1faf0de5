import { AdminSection } from '../AdminSection.tsx';

// Placeholder until this section lands (issue 12).
export default function LeadPage() {
  return <AdminSection title="Lead" intro="This lead view is being built."><p className="text-slate-600">This lead view is being built.</p></AdminSection>;
}
