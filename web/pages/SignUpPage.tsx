export default function SignUpPage() {
  return <h1 className="text-3xl font-bold">SignUp</h1>;
}
