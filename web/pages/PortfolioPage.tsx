export default function PortfolioPage() {
  return <h1 className="text-3xl font-bold">Portfolio</h1>;
}
