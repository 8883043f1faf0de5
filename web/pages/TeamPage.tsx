export default function TeamPage() {
  return <h1 className="text-3xl font-bold">Team</h1>;
}
