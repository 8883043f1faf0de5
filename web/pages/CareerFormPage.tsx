import { kindLabels } from '../../shared/submissionKinds.ts';
import { Link } from 'react-router-dom';
import { departmentById } from '../../shared/content/departments.ts';
import { careersIn } from '../../shared/content/joinAndTermsIn.ts';
import type { Locale } from '../../shared/i18n/locale.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

/**
 * /career-form?role=<slug> (the "Apply" buttons of /career) starts with that role filled in: its title in the
 * page's language, and its department (a choice, posted in English).
 */
const roleFromAddress = (locale: Locale) => () => {
  const slug = new URLSearchParams(window.location.search).get('role');
  const role = careersIn(locale).roles.find((r) => r.slug === slug);
  return role ? { role: role.title, area: departmentById(role.department).name } : {};
};

export default function CareerFormPage() {
  const locale = useLocale();
  const t = sayIn(locale);
  const href = useHref();
  return (
    <FormPage
      eyebrow={t('careerForm.eyebrow', 'Careers')}
      title={t('careerForm.title', 'Apply to join our team')}
      lead={t('careerForm.lead', 'Tell us about yourself and the work you are proud of. Share links rather than files: your portfolio or LinkedIn profile, and your CV if you have one online. We reply to every applicant within 10 working days.')}
      breadcrumbs={[{ label: t('careerForm.eyebrow', 'Careers'), to: href('/career') }, { label: t('careerForm.crumb', 'Apply') }]}
      breadcrumbsLabel={t('forms.breadcrumbsLabel', 'Breadcrumb')}
      aside={
        <>
          <AsideBlock title={t('careerForm.before', 'Before you apply')}>
            <p>
              {t('careerForm.look', 'Have a look at our')} <Link to={href('/career')} className="font-medium text-brand-700 underline">{t('careerForm.rolesLink', 'open roles')}</Link>.{' '}
              {t('careerForm.noRole', 'No role that fits? Leave the role empty and send an open application.')}
            </p>
          </AsideBlock>
          <AsideBlock title={t('careerForm.lookFor', 'What we look for')}>
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('careerForm.lookFor1', 'Work you can show and explain')}</li>
              <li>{t('careerForm.lookFor2', 'Clear writing and honest estimates')}</li>
              <li>{t('careerForm.lookFor3', 'Care for the people who use what you build')}</li>
            </ul>
          </AsideBlock>
          <AsideBlock title={t('careerForm.data', 'Your data')}>
            <p>{t('careerForm.dataText', 'We use your application only to assess it, and delete it within 12 months unless you ask us to keep it.')}</p>
          </AsideBlock>
        </>
      }
    >
      <SubmissionForm kind="career" label={t('careerForm.formLabel', kindLabels.career)} submitLabel={t('careerForm.submit', 'Send application')} prefill={roleFromAddress(locale)} />
    </FormPage>
  );
}
