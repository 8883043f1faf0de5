export default function ServicePage() {
  return <h1 className="text-3xl font-bold">Service</h1>;
}
