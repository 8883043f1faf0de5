import { departments, formatPriceRange, formatWeeks } from './departments.ts';
import type { FaqItem } from './types.ts';

// The FAQ page, grouped by topic. Answers are plain text: they also go into FAQPage JSON-LD.
export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

const priceList = departments.map((d) => `${d.name} ${formatPriceRange(d.price)}`).join('; ');
const weekList = departments.map((d) => `${d.name} ${formatWeeks(d.weeks)}`).join('; ');

export const faqGroups: readonly FaqGroup[] = [
  {
    id: 'prices',
    title: 'Prices',
    items: [
      { question: 'How much does a project cost?', answer: `It depends on the scope, but our typical project prices in US dollars are: ${priceList}. After a free consultation you receive a fixed quote for your project.` },
      { question: 'Do you work on fixed prices?', answer: 'Yes. Most projects have a fixed price based on an agreed scope. Ongoing work such as marketing, support or new features after launch can be billed monthly or per sprint.' },
      { question: 'Is the first consultation free?', answer: 'Yes. The 30-minute consultation is free and without obligation. You can book it online at any time.' },
      { question: 'Can you give me a rough estimate before we talk?', answer: 'Yes. Ask our chat assistant for a price estimate, or send us a short description through the contact form and we will reply within 24 hours with a range.' },
    ],
  },
  {
    id: 'timelines',
    title: 'Timelines',
    items: [
      { question: 'How quickly can you launch an MVP?', answer: 'A clickable prototype is usually ready within days, and a focused MVP with one core journey typically launches in four to six weeks.' },
      { question: 'How long do projects take?', answer: `Typical timelines per department are: ${weekList}. Your quote includes a week-by-week plan.` },
      { question: 'What can slow a project down?', answer: 'Late content, slow feedback and changes of scope are the usual causes. We agree feedback times at the start and flag any risk to the launch date as soon as we see it.' },
    ],
  },
  {
    id: 'process',
    title: 'Process',
    items: [
      { question: 'How do we get started?', answer: 'Book a free consultation or send the contact form. Within two working days of our call you receive a written scope, a fixed quote and a timeline.' },
      { question: 'How involved do we need to be?', answer: 'Plan for a weekly 30-minute demo and quick answers to questions. You get a dedicated project manager who keeps everything organised.' },
      { question: 'Which technologies do you use?', answer: 'Mainly React, TypeScript and Node.js for web applications, React Native for mobile apps, WordPress and Shopify for websites and stores, and AWS, Google Cloud, Azure or Cloudflare for infrastructure. We choose what fits your project and team.' },
    ],
  },
  {
    id: 'payment',
    title: 'Payment',
    items: [
      { question: 'How do payments work?', answer: 'Projects under USD 10,000 are paid 50% on signing and 50% on launch. Larger projects are paid 40% on signing, 30% at a midpoint milestone and 30% on launch. Invoices are due within 14 days.' },
      { question: 'Which currencies and payment methods do you accept?', answer: 'We invoice in US dollars, euros, pounds sterling or Ghana cedis, and accept bank transfer, card payments and, in Ghana, mobile money.' },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    items: [
      { question: 'What happens after launch?', answer: 'Every project includes 30 days of free bug fixes after launch. After that you can choose a monthly support plan covering updates, monitoring, backups and small improvements.' },
      { question: 'Can you take over a project built by someone else?', answer: 'Yes. We start with a short review of the code and infrastructure and tell you honestly what to keep, fix or replace.' },
    ],
  },
  {
    id: 'time-zones',
    title: 'Time zones',
    items: [
      { question: 'You are in Ghana. How do you work with clients in other time zones?', answer: 'Ghana is on GMT (UTC+0) all year, so our working day overlaps fully with the UK, almost fully with continental Europe and with the morning in North America. We reply to every message within 24 hours and schedule calls at times that suit you.' },
      { question: 'Do we ever meet in person?', answer: 'Most projects run remotely with video calls. Clients in Accra are welcome at our studio, and for larger projects we can visit you.' },
    ],
  },
  {
    id: 'ownership',
    title: 'Ownership',
    items: [
      { question: 'Who owns the code and designs?', answer: 'You do. Once the final invoice is paid, all rights in the work we create for you transfer to you, and the code lives in your own repository and accounts.' },
      { question: 'Will you sign a non-disclosure agreement?', answer: 'Yes. Confidentiality is part of our client agreement, and we are happy to sign your NDA before you share details.' },
      { question: 'Can you show our project in your portfolio?', answer: 'Only with your permission. If you prefer to keep the work private, tell us and it stays off our website.' },
    ],
  },
];

export const allFaqs: FaqItem[] = faqGroups.flatMap((g) => g.items);
