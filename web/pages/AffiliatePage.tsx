import { affiliateIn } from '../../shared/content/joinAndTermsIn.ts';
import { ButtonLink, CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { CheckList, FaqList, FeatureGrid, Steps } from '../components/content/lists.tsx';
import '../../shared/i18n/enCompany.ts';
import { useHref, useI18n, useLocale } from '../i18n/i18n.ts';

export default function AffiliatePage() {
  const i18n = useI18n();
  const to = useHref();
  const affiliate = affiliateIn(useLocale());
  return (
    <>
      <PageHero
        eyebrow={<span className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-extrabold tracking-wider text-ink">{affiliate.badge}</span>}
        title={affiliate.hero.title}
        lead={affiliate.hero.lead}
        aside={
          <div className="rounded-3xl bg-ink p-8 text-center text-white">
            <p className="text-7xl font-black tracking-tight">{affiliate.commission}</p>
            <p className="mt-2 text-lg text-slate-300">{i18n._('affiliate.commissionOn')}</p>
          </div>
        }
      >
        <ButtonLink to={to('/affiliate-form')}>{i18n._('affiliate.apply')}</ButtonLink>
      </PageHero>
      <Section id="how-it-works" title={i18n._('affiliate.how')}>
        <Steps steps={affiliate.howItWorks} columns="lg:grid-cols-4" />
      </Section>
      <Section id="who-it-is-for" title={i18n._('affiliate.who')} tone="muted">
        <FeatureGrid items={affiliate.whoFor} columns="lg:grid-cols-3" />
      </Section>
      <Section id="example" title={affiliate.example.title} tone="brand" narrow>
        <p className="text-lg leading-8 text-slate-700">{affiliate.example.text}</p>
      </Section>
      <Section id="terms" title={i18n._('affiliate.terms')} narrow>
        <CheckList items={affiliate.terms} />
      </Section>
      <Section id="partner-faq" title={i18n._('affiliate.faq')} tone="muted" narrow>
        <FaqList items={affiliate.faqs} />
      </Section>
      <CtaBand
        id="apply"
        title={i18n._('affiliate.ctaTitle', { commission: affiliate.commission })}
        text={i18n._('affiliate.ctaText')}
        actions={<ButtonLink to={to('/affiliate-form')} variant="light">{i18n._('affiliate.apply')}</ButtonLink>}
      />
    </>
  );
}
