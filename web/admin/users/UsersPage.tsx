import { AdminSection } from '../AdminSection.tsx';

// Placeholder until this section lands (issue 12).
export default function UsersPage() {
  return <AdminSection title="People" intro="The list of accounts is being built."><p className="text-slate-600">The list of accounts is being built.</p></AdminSection>;
}
