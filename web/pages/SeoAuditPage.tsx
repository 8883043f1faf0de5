export default function SeoAuditPage() {
  return <h1 className="text-3xl font-bold">SeoAudit</h1>;
}
