import type { FaqItem, ProcessStep } from './types.ts';

// The partner (affiliate) programme page. The badge and commission are those of docs/product.md §1: 'EARN 40%' and 40%.
export const affiliate = {
  badge: 'EARN 40%',
  commission: '40%',
  hero: {
    title: 'Refer clients to Volta Labs and earn 40% commission',
    lead: 'Know a business, church or nonprofit that needs a website, an app or a better cloud setup? Introduce them to us. We do the work; you earn 40% of the fee of their first project.',
  },
  howItWorks: [
    { title: 'Apply', text: 'Fill in the partner application. We review it and reply within two working days.' },
    { title: 'Introduce', text: 'Send us a warm introduction by email or share your personal referral link with the people you know.' },
    { title: 'We deliver', text: 'We run the consultation, the proposal and the project, and keep you updated on progress if the client agrees.' },
    { title: 'You get paid', text: 'You receive 40% of every payment the client makes for their first project, within 14 days of each payment.' },
  ] satisfies ProcessStep[],
  whoFor: [
    { title: 'Freelancers and designers', text: 'Pass on the development work you turn down and keep your client relationship.' },
    { title: 'Consultants and accountants', text: 'Help your clients go digital with a team you can vouch for.' },
    { title: 'Marketing and PR agencies', text: 'Offer websites, apps and SEO without hiring developers.' },
    { title: 'Community and ministry leaders', text: 'Connect the organisations you serve with a team that understands them.' },
    { title: 'Our past clients', text: 'Recommend us to friends and partners and be rewarded for it.' },
  ],
  example: {
    title: 'What 40% looks like',
    text: 'You introduce a company that signs an $8,000 website project. As the client pays the deposit and the final invoice, you receive a total of $3,200.',
  },
  terms: [
    'Commission is 40% of the fees for the first signed project with each client you refer, excluding taxes, advertising spend and third-party costs such as hosting or licences.',
    'A referral counts when the client signs within 90 days of your introduction and was not already in talks with us.',
    'Commission is paid within 14 days of each client payment, by bank transfer or mobile money, in US dollars or Ghana cedis.',
    'There is no cap on how many clients you refer or how much you earn.',
    'Partners may not bid on our brand name in search advertising or present themselves as Volta Labs staff.',
  ],
  faqs: [
    { question: 'Do I need to sell or manage the project?', answer: 'No. You make the introduction; we handle the consultation, proposal, delivery and support.' },
    { question: 'How do I know my referral has been recorded?', answer: 'We confirm every introduction by email within two working days and send you a statement with each payout.' },
    { question: 'Is there a cost to join?', answer: 'No. The programme is free, and you can leave at any time.' },
  ] satisfies FaqItem[],
} as const;
