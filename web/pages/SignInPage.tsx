export default function SignInPage() {
  return <h1 className="text-3xl font-bold">SignIn</h1>;
}
