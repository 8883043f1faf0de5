import { Link } from 'react-router-dom';
import { affiliate } from '../../shared/content/affiliate.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';

export default function AffiliateFormPage() {
  return (
    <FormPage
      eyebrow={<>Partner programme <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-ink">{affiliate.badge}</span></>}
      title="Apply to become a partner"
      lead={`Refer clients to us and earn ${affiliate.commission} of the fees of their first project. Tell us who you are and how you would introduce clients; we reply within two working days.`}
      breadcrumbs={[{ label: 'Partner programme', to: '/affiliate' }, { label: 'Apply' }]}
      aside={
        <>
          <AsideBlock title={affiliate.example.title}>
            <p>{affiliate.example.text}</p>
          </AsideBlock>
          <AsideBlock title="How it works">
            <ol className="list-decimal space-y-1 pl-5">
              {affiliate.howItWorks.map((s) => <li key={s.title}><strong className="font-semibold">{s.title}:</strong> {s.text}</li>)}
            </ol>
            <p><Link to="/affiliate" className="font-medium text-brand-700 underline">Read the programme terms</Link></p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="affiliate" submitLabel="Send application" />
    </FormPage>
  );
}
