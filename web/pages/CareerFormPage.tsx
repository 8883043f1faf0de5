export default function CareerFormPage() {
  return <h1 className="text-3xl font-bold">CareerForm</h1>;
}
