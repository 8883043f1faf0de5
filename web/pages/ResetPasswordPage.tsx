export default function ResetPasswordPage() {
  return <h1 className="text-3xl font-bold">ResetPassword</h1>;
}
