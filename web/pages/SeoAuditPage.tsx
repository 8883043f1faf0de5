import { site } from '../../shared/site.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';

export default function SeoAuditPage() {
  return (
    <FormPage
      eyebrow="Free SEO audit"
      title="Get a free SEO audit of your website"
      lead={`Tell us which site to review and what you want to be found for. A specialist checks it by hand and sends you a prioritised list of fixes. We reply ${site.replyPromise}.`}
      breadcrumbs={[{ label: 'Services', to: '/services' }, { label: 'SEO audit' }]}
      aside={
        <>
          <AsideBlock title="What the audit covers">
            <ul className="list-disc space-y-1 pl-5">
              <li>Technical health: indexing, speed, mobile use and Core Web Vitals</li>
              <li>Content and keywords on your most important pages</li>
              <li>How you compare with the competitors you name</li>
              <li>Local search and your business profile</li>
              <li>Quick wins you can make this week</li>
            </ul>
          </AsideBlock>
          <AsideBlock title="No strings attached">
            <p>The audit is free and yours to keep. If you would like help with the fixes, we will send a quote as well.</p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="seo-audit" submitLabel="Request my free audit" />
    </FormPage>
  );
}
