// The client services agreement shown on /agreement.
export interface AgreementSection {
  id: string;
  title: string;
  clauses: string[];
}

export const agreement = {
  title: 'Client services agreement',
  effectiveDate: '1 March 2025',
  intro:
    'These terms apply to every project Volta Labs Ltd. (“Volta Labs”, “we”, “us”) carries out for a client (“you”). Each project also has a proposal or statement of work that describes what we will deliver, when and for how much. Together they form our agreement with you. If the two ever conflict, the signed proposal wins for that project.',
  sections: [
    {
      id: 'scope',
      title: 'Scope of work',
      clauses: [
        'The proposal lists the deliverables, milestones, assumptions and launch date for your project. Work not described in the proposal is outside its scope and is handled as a change request.',
        'You agree to provide content, feedback, decisions and access to your systems and accounts in good time. We agree feedback times at the start of the project; if input arrives late, the timeline moves by the same amount.',
        'We may use carefully selected subcontractors. We remain responsible for their work, and they are bound by the same confidentiality obligations as our staff.',
      ],
    },
    {
      id: 'quotes-and-payment',
      title: 'Quotes and payment terms',
      clauses: [
        'Quotes are valid for 30 days from the date they are sent. Price estimates given on our website, by our chat assistant or during a consultation are indications only and do not bind either party.',
        'Unless the proposal says otherwise, projects under USD 10,000 are invoiced 50% on signing and 50% on launch. Larger projects are invoiced 40% on signing, 30% at the midpoint milestone and 30% on launch. Monthly services are invoiced in advance at the start of each month.',
        'Invoices are payable within 14 days by bank transfer, card or, in Ghana, mobile money. We invoice in US dollars, euros, pounds sterling or Ghana cedis, as agreed in the proposal. Amounts exclude applicable taxes, which are added where the law requires.',
        'Third-party costs such as hosting, domain names, software licences, app store fees and advertising spend are paid by you directly or reimbursed to us at cost, with your approval in advance.',
        'If an invoice is more than 14 days overdue, we may pause work after giving you 7 days’ written notice. The timeline is extended by the length of any pause.',
      ],
    },
    {
      id: 'change-requests',
      title: 'Change requests',
      clauses: [
        'Either party may propose a change to the scope, timeline or deliverables in writing. Within two working days we tell you how the change affects price and timeline.',
        'We start work on a change only after you approve it in writing; an email is enough. Approved changes become part of the proposal.',
        'Small adjustments that take less than two hours in total per milestone are included at no extra cost.',
      ],
    },
    {
      id: 'acceptance',
      title: 'Review and acceptance',
      clauses: [
        'You have 5 working days to review each milestone deliverable and tell us in writing about anything that does not match the proposal. We fix such issues at no extra cost and resubmit the deliverable.',
        'A deliverable is accepted when you confirm it in writing, when the review period ends without written comments, or when you use it in production, whichever comes first.',
      ],
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      clauses: [
        'When you have paid all invoices for a project, we transfer to you all intellectual property rights in the code, designs, content and other deliverables we created specifically for you. Until then, you may use the deliverables to review and test them.',
        'We keep the rights to our pre-existing tools, libraries and general know-how. Where they are part of your deliverables, you receive a perpetual, worldwide, royalty-free licence to use and modify them as part of your product.',
        'Open-source components remain under their own licences. We tell you which licences apply and do not include components whose terms would restrict your commercial use without your agreement.',
        'We show your project in our portfolio or name you as a client only with your written permission, which you may withdraw at any time.',
      ],
    },
    {
      id: 'confidentiality',
      title: 'Confidentiality',
      clauses: [
        'Each party keeps the other’s confidential information secret and uses it only for the project. This includes business plans, customer data, source code, credentials and the terms of this agreement.',
        'The obligation does not cover information that is public through no fault of the receiving party, that it already lawfully had, or that the law requires it to disclose.',
        'Confidentiality lasts for the project and three years after it ends, and indefinitely for credentials and personal data. We are happy to sign your own non-disclosure agreement as well.',
      ],
    },
    {
      id: 'data-protection',
      title: 'Data protection',
      clauses: [
        'When we process personal data on your behalf, we do so only on your instructions and in line with Ghana’s Data Protection Act, 2012 (Act 843) and, where it applies, the EU and UK General Data Protection Regulation. A data processing agreement is available on request.',
        'We keep access credentials in an encrypted password manager, give access only to the people working on your project, and return or delete credentials and data when the project ends.',
      ],
    },
    {
      id: 'warranty-and-support',
      title: 'Warranty and support',
      clauses: [
        'For 30 days after launch we fix, at no cost, any defect in which a deliverable does not work as described in the proposal.',
        'The warranty does not cover changes made by anyone other than us, failures of third-party services or hosting outside our control, or new features and requests beyond the proposal.',
        'After the warranty period you may choose a monthly support plan. Its response times, hours and included work are set out in the plan.',
        'We deliver our work with reasonable skill and care. Beyond the promises in this agreement and the proposal, we give no other warranties, to the extent the law allows.',
      ],
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      clauses: [
        'Each party’s total liability under or in connection with a project is limited to the fees you paid for that project in the 12 months before the claim arose.',
        'Neither party is liable for indirect or consequential loss, including loss of profit, revenue, data or goodwill.',
        'Nothing in this agreement limits liability for fraud, for death or personal injury caused by negligence, or for anything else that cannot be limited by law.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      clauses: [
        'Either party may end a project for any reason with 14 days’ written notice.',
        'Either party may end a project immediately by written notice if the other commits a serious breach and does not remedy it within 14 days of being asked to, or becomes insolvent.',
        'On termination you pay for the work done up to the end date and for third-party costs already committed. The deposit is applied to that work. We then hand over all work in progress, and the intellectual property in it transfers to you on payment.',
        'The sections on payment, intellectual property, confidentiality, data protection, liability and governing law continue to apply after termination.',
      ],
    },
    {
      id: 'governing-law',
      title: 'Governing law and disputes',
      clauses: [
        'This agreement is governed by the laws of the Republic of Ghana.',
        'If a dispute arises, the parties first try in good faith to resolve it between their senior representatives within 30 days.',
        'If it is not resolved, either party may refer it to mediation and, failing that, to arbitration in Accra under the Alternative Dispute Resolution Act, 2010 (Act 798), in English, before a single arbitrator. Either party may still ask the courts of Ghana for urgent interim relief.',
      ],
    },
    {
      id: 'general',
      title: 'General',
      clauses: [
        'We work as an independent contractor; nothing in this agreement creates an employment relationship, partnership or joint venture.',
        'Neither party is responsible for delays caused by events beyond its reasonable control, such as power or network outages, natural disasters or government action, as long as it informs the other party promptly.',
        'Notices are sent by email to the contacts named in the proposal. Changes to this agreement are valid only if agreed in writing by both parties.',
        'If any provision is found invalid, the rest of the agreement remains in force.',
      ],
    },
  ] satisfies AgreementSection[],
  questions: 'Questions about these terms? Write to us before you sign and we will explain anything in plain language.',
} as const;
