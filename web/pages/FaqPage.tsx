import { faqGroups } from '../../shared/content/faq.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { PageHero, Section } from '../components/content/layout.tsx';
import { FaqList } from '../components/content/lists.tsx';

export default function FaqPage() {
  return (
    <>
      <PageHero
        eyebrow="FAQs"
        title="Frequently asked questions"
        lead="Prices, timelines, process, payment, support, time zones and ownership: the questions clients ask us most, answered plainly."
      >
        <nav aria-label="FAQ topics">
          <ul className="flex flex-wrap gap-2">
            {faqGroups.map((g) => (
              <li key={g.id}>
                <a href={`#${g.id}`} className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-brand-600 hover:text-brand-700">{g.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHero>
      {faqGroups.map((g, i) => (
        <Section key={g.id} id={g.id} title={g.title} tone={i % 2 ? 'muted' : 'white'} narrow>
          <FaqList items={g.items} />
        </Section>
      ))}
      <CtaBand title="Still have a question?" text="Ask our chat assistant, book a free 30-minute consultation or write to us. We reply within 24 hours." />
    </>
  );
}
