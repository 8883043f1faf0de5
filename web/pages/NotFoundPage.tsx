export default function NotFoundPage() {
  return <h1 className="text-3xl font-bold">NotFound</h1>;
}
