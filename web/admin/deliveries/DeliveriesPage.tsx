import { AdminSection } from '../AdminSection.tsx';

// Placeholder until this section lands (issue 12).
export default function DeliveriesPage() {
  return <AdminSection title="Deliveries" intro="The list of parked deliveries is being built."><p className="text-slate-600">The list of parked deliveries is being built.</p></AdminSection>;
}
