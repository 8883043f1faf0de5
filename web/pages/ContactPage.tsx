import { Link } from 'react-router-dom';
import { site } from '../../shared/site.ts';
import { SubmissionForm } from '../forms/SubmissionForm.tsx';
import { AsideBlock, FormPage } from '../forms/FormPage.tsx';
import { ContactWhatsAppLater } from '../whatsapp/later.tsx';

export default function ContactPage() {
  return (
    <FormPage
      eyebrow="Contact"
      title="Tell us about your project"
      lead={`Whether you have a detailed brief or just an idea, we would like to hear it. Share a few details and a strategist will reply ${site.replyPromise} with honest advice and next steps.`}
      aside={
        <>
          <AsideBlock title="Other ways to reach us">
            <p>
              Email: <a className="font-medium text-brand-700 underline" href={`mailto:${site.email}`}>{site.email}</a>
              <br />
              Phone: <a className="font-medium text-brand-700 underline" href={`tel:${site.phone.replace(/\s/g, '')}`}>{site.phone}</a>
            </p>
            <p>Our studio is in {site.address.locality}, {site.address.countryName}. We work with clients in every time zone.</p>
          </AsideBlock>
          <AsideBlock title="Prefer to talk?">
            <p>
              <Link to="/booking" className="font-medium text-brand-700 underline">Book a free 30-minute consultation</Link> and
              we will go through your goals, budget and timeline together.
            </p>
          </AsideBlock>
          <AsideBlock title="What happens next">
            <ol className="list-decimal space-y-1 pl-5">
              <li>We read your message and reply {site.replyPromise}.</li>
              <li>We agree on a short call to understand what you need.</li>
              <li>You receive a clear proposal with a price range and timeline.</li>
            </ol>
          </AsideBlock>
        </>
      }
      asideEnd={<ContactWhatsAppLater />}
    >
      <SubmissionForm kind="contact" label="Contact form" submitLabel="Send message" />
    </FormPage>
  );
}
