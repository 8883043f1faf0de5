export default function FaqPage() {
  return <h1 className="text-3xl font-bold">Faq</h1>;
}
