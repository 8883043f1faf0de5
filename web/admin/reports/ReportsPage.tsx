import { AdminSection } from '../AdminSection.tsx';

// Placeholder until this section lands (issue 12).
export default function ReportsPage() {
  return <AdminSection title="Reports" intro="Reports are being built."><p className="text-slate-600">Reports are being built.</p></AdminSection>;
}
