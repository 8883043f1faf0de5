export default function ServicesPage() {
  return <h1 className="text-3xl font-bold">Services</h1>;
}
