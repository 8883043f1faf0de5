export default function VerifyEmailPage() {
  return <h1 className="text-3xl font-bold">VerifyEmail</h1>;
}
