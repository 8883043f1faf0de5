export default function ContactPage() {
  return <h1 className="text-3xl font-bold">Contact</h1>;
}
