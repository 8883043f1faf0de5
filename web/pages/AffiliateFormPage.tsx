export default function AffiliateFormPage() {
  return <h1 className="text-3xl font-bold">AffiliateForm</h1>;
}
