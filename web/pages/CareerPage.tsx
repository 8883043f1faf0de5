export default function CareerPage() {
  return <h1 className="text-3xl font-bold">Career</h1>;
}
