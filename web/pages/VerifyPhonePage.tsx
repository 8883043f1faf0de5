export default function VerifyPhonePage() {
  return <h1 className="text-3xl font-bold">VerifyPhone</h1>;
}
