import { affiliate } from '../../shared/content/affiliate.ts';
import { ButtonLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { CheckList, FaqList, FeatureGrid, Steps } from '../components/content/lists.tsx';

export default function AffiliatePage() {
  return (
    <>
      <PageHero
        eyebrow={<span className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-extrabold tracking-wider text-ink">{affiliate.badge}</span>}
        title={affiliate.hero.title}
        lead={affiliate.hero.lead}
        aside={
          <div className="rounded-3xl bg-ink p-8 text-center text-white">
            <p className="text-7xl font-black tracking-tight">{affiliate.commission}</p>
            <p className="mt-2 text-lg text-slate-300">commission on your referral’s first project</p>
          </div>
        }
      >
        <ButtonLink to="/affiliate-form">Apply to become a partner</ButtonLink>
      </PageHero>
      <Section id="how-it-works" title="How it works">
        <Steps steps={affiliate.howItWorks} columns="lg:grid-cols-4" />
      </Section>
      <Section id="who-it-is-for" title="Who it is for" tone="muted">
        <FeatureGrid items={affiliate.whoFor} columns="lg:grid-cols-3" />
      </Section>
      <Section id="example" title={affiliate.example.title} tone="brand" narrow>
        <p className="text-lg leading-8 text-slate-700">{affiliate.example.text}</p>
      </Section>
      <Section id="terms" title="Programme terms" narrow>
        <CheckList items={affiliate.terms} />
      </Section>
      <Section id="partner-faq" title="Partner questions" tone="muted" narrow>
        <FaqList items={affiliate.faqs} />
      </Section>
      <CtaBand
        id="apply"
        title={`Start earning ${affiliate.commission} today`}
        text="Applying takes five minutes. We reply within two working days."
        actions={<ButtonLink to="/affiliate-form" variant="light">Apply to become a partner</ButtonLink>}
      />
    </>
  );
}
