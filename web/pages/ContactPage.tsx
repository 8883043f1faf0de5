import { Link } from 'react-router-dom';
import { site } from '../../shared/site.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';
import { sayIn } from '../../shared/i18n/say.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
import { ContactWhatsAppLater } from '../whatsapp/later.tsx';

export default function ContactPage() {
  const t = sayIn(useLocale());
  const href = useHref();
  const promise = t('contact.promise', site.replyPromise);
  return (
    <FormPage
      eyebrow={t('contact.eyebrow', 'Contact')}
      title={t('contact.title', 'Tell us about your project')}
      lead={t('contact.lead', `Whether you have a detailed brief or just an idea, we would like to hear it. Share a few details and a strategist will reply ${site.replyPromise} with honest advice and next steps.`, { promise })}
      aside={
        <>
          <AsideBlock title={t('contact.other', 'Other ways to reach us')}>
            <p>
              {t('contact.email', 'Email:')} <a className="font-medium text-brand-700 underline" href={`mailto:${site.email}`}>{site.email}</a>
              <br />
              {t('contact.phone', 'Phone:')} <a className="font-medium text-brand-700 underline" href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</a>
            </p>
            <p>{t('contact.studio', `Our studio is in ${site.address.locality}, ${site.address.countryName}. We work with clients in every time zone.`, { locality: site.address.locality, country: site.address.countryName })}</p>
          </AsideBlock>
          <AsideBlock title={t('contact.talk', 'Prefer to talk?')}>
            <p>
              <Link to={href('/booking')} className="font-medium text-brand-700 underline">{t('contact.book', 'Book a free 30-minute consultation')}</Link>{' '}
              {t('contact.bookRest', 'and we will go through your goals, budget and timeline together.')}
            </p>
          </AsideBlock>
          <AsideBlock title={t('contact.next', 'What happens next')}>
            <ol className="list-decimal space-y-1 pl-5">
              <li>{t('contact.next1', `We read your message and reply ${site.replyPromise}.`, { promise })}</li>
              <li>{t('contact.next2', 'We agree on a short call to understand what you need.')}</li>
              <li>{t('contact.next3', 'You receive a clear proposal with a price range and timeline.')}</li>
            </ol>
          </AsideBlock>
        </>
      }
      asideEnd={<ContactWhatsAppLater />}
    >
      <SubmissionForm kind="contact" label={t('contact.formLabel', 'Contact form')} submitLabel={t('contact.submit', 'Send message')} />
    </FormPage>
  );
}
