import { kindLabels } from '../../shared/submissionKinds.ts';
import { Link } from 'react-router-dom';
import { affiliateIn } from '../../shared/content/joinAndTermsIn.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

export default function AffiliateFormPage() {
  const locale = useLocale();
  const t = sayIn(locale);
  const href = useHref();
  const affiliate = affiliateIn(locale);
  return (
    <FormPage
      eyebrow={<>{t('affiliateForm.eyebrow', 'Partner programme')} <span className="ml-2 rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-ink">{affiliate.badge}</span></>}
      title={t('affiliateForm.title', 'Apply to become a partner')}
      lead={t('affiliateForm.lead', `Refer clients to us and earn ${affiliate.commission} of the fees of their first project. Tell us who you are and how you would introduce clients; we reply within two working days.`, { commission: affiliate.commission })}
      breadcrumbs={[{ label: t('affiliateForm.eyebrow', 'Partner programme'), to: href('/affiliate') }, { label: t('affiliateForm.crumb', 'Apply') }]}
      breadcrumbsLabel={t('forms.breadcrumbsLabel', 'Breadcrumb')}
      aside={
        <>
          <AsideBlock title={affiliate.example.title}>
            <p>{affiliate.example.text}</p>
          </AsideBlock>
          <AsideBlock title={t('affiliateForm.how', 'How it works')}>
            <ol className="list-decimal space-y-1 pl-5">
              {affiliate.howItWorks.map((s) => <li key={s.title}><strong className="font-semibold">{t('affiliateForm.step', `${s.title}:`, { title: s.title })}</strong> {s.text}</li>)}
            </ol>
            <p><Link to={href('/affiliate')} className="font-medium text-brand-700 underline">{t('affiliateForm.terms', 'Read the programme terms')}</Link></p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="affiliate" label={t('affiliateForm.formLabel', kindLabels.affiliate)} submitLabel={t('affiliateForm.submit', 'Send application')} />
    </FormPage>
  );
}
