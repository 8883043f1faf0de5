import { faqGroups } from '../../shared/content/faq.ts';
import { CtaBand } from '../components/content/actions.tsx';
import { JumpLinks, PageHero, Section } from '../components/content/layout.tsx';
import { FaqList } from '../components/content/lists.tsx';

export default function FaqPage() {
  return (
    <>
      <PageHero
        eyebrow="FAQs"
        title="Frequently asked questions"
        lead="Prices, timelines, process, payment, support, time zones and ownership: the questions clients ask us most, answered plainly."
      >
        <JumpLinks label="FAQ topics" items={faqGroups.map((g) => ({ id: g.id, name: g.title }))} />
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
