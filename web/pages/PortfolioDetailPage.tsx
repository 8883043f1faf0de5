export default function PortfolioDetailPage() {
  return <h1 className="text-3xl font-bold">PortfolioDetail</h1>;
}
