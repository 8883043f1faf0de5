export default function AgreementPage() {
  return <h1 className="text-3xl font-bold">Agreement</h1>;
}
