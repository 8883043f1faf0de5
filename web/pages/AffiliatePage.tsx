export default function AffiliatePage() {
  return <h1 className="text-3xl font-bold">Affiliate</h1>;
}
