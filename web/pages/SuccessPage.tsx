export default function SuccessPage() {
  return <h1 className="text-3xl font-bold">Success</h1>;
}
