import { kindLabels } from '../../shared/submissionKinds.ts';
import { site } from '../../shared/site.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

export default function SeoAuditPage() {
  const t = sayIn(useLocale());
  const href = useHref();
  return (
    <FormPage
      eyebrow={t('seo.eyebrow', 'Free SEO audit')}
      title={t('seo.title', 'Get a free SEO audit of your website')}
      lead={t('seo.lead', `Tell us which site to review and what you want to be found for. A specialist checks it by hand and sends you a prioritised list of fixes. We reply ${site.replyPromise}.`, { promise: t('contact.promise', site.replyPromise) })}
      breadcrumbs={[{ label: t('seo.crumbServices', 'Services'), to: href('/services') }, { label: t('seo.crumb', 'SEO audit') }]}
      breadcrumbsLabel={t('forms.breadcrumbsLabel', 'Breadcrumb')}
      aside={
        <>
          <AsideBlock title={t('seo.covers', 'What the audit covers')}>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('seo.cover1', 'Technical health: indexing, speed, mobile use and Core Web Vitals')}</li>
              <li>{t('seo.cover2', 'Content and keywords on your most important pages')}</li>
              <li>{t('seo.cover3', 'How you compare with the competitors you name')}</li>
              <li>{t('seo.cover4', 'Local search and your business profile')}</li>
              <li>{t('seo.cover5', 'Quick wins you can make this week')}</li>
            </ul>
          </AsideBlock>
          <AsideBlock title={t('seo.free', 'No strings attached')}>
            <p>{t('seo.freeText', 'The audit is free and yours to keep. If you would like help with the fixes, we will send a quote as well.')}</p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="seo-audit" label={t('seo.formLabel', kindLabels['seo-audit'])} submitLabel={t('seo.submit', 'Request my free audit')} />
    </FormPage>
  );
}
