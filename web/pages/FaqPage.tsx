import { faqGroups } from '../../shared/content/faq.ts';
import { departments } from '../../shared/content/departments.ts';
import { departmentIn } from '../../shared/content/localized.ts';
import { faqIn } from '../../shared/content/contentIn.ts';
import { usdRangeIn } from '../../shared/i18n/format.ts';
import '../../shared/i18n/enContent.ts';
import { useI18n, useLocale } from '../i18n/i18n.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { JumpLinks, PageHero, Section } from '../components/content/layout.tsx';
import { FaqList } from '../components/content/lists.tsx';

export default function FaqPage() {
  const i18n = useI18n();
  const locale = useLocale();
  const shown = departments.map((d) => departmentIn(locale, d));
  // Only other languages fill these in: the English answers already carry their lists (shared/content/faq.ts).
  const lists = {
    prices: shown.map((d) => `${d.name} ${usdRangeIn(locale, d.price)}`).join('\u202f; '),
    weeks: shown.map((d) => `${d.name} ${i18n._('price.weeks', { min: d.weeks.min, max: d.weeks.max })}`).join('\u202f; '),
  };
  const groups = faqIn(locale, faqGroups, lists);
  return (
    <>
      <PageHero eyebrow={i18n._('faq.eyebrow')} title={i18n._('faq.title')} lead={i18n._('faq.lead')}>
        <JumpLinks label={i18n._('faq.topics')} items={groups.map((g) => ({ id: g.id, name: g.title }))} />
      </PageHero>
      {groups.map((g, i) => (
        <Section key={g.id} id={g.id} title={g.title} tone={i % 2 ? 'muted' : 'white'} narrow>
          <FaqList items={g.items} />
        </Section>
      ))}
      <CtaBand title={i18n._('faq.cta.title')} text={i18n._('faq.cta.text')} />
    </>
  );
}
