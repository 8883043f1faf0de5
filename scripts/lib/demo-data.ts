// The demo dataset `npm start` seeds on the local Appwrite emulator, so a newcomer signing in as the local
// admin sees a living admin area at once: a few dozen leads of every kind over the last 12 weeks in several
// statuses, their history (three with e-mail threads both ways), saved replies of the composer, two team
// channels with messages, and a moderator and a plain user besides the
// admin (README, "Local accounts"). Deterministic for a given `now`. Never part of a deployment.
import type { SeedDocument } from '../../tests/emulators/appwrite/index.ts';
import { activityDocument, inquiryDocument, receivedActivity } from '../../shared/admin/inquiry.ts';
import { leadStatusNames, type LeadStatus } from '../../shared/admin/leads.ts';
import { COLLECTIONS, submissionKinds, type SubmissionKind } from '../../shared/appwrite/schema.ts';
import { submissionDocument } from '../../shared/appwrite/submissions.ts';
import { budgetChoices, serviceChoices, timelineChoices } from '../../shared/forms/choices.ts';
import type { SubmissionMessage } from '../../shared/submission.ts';

export const LOCAL_MODERATOR = { id: 'local-moderator', email: 'moderator@voltalabs.local', password: 'volta-moderator-local', name: 'Abena Osei' } as const;
export const LOCAL_USER = { id: 'local-user', email: 'user@voltalabs.local', password: 'volta-user-local', name: 'Kojo Mensah' } as const;

const STAFF = [
  { id: 'local-admin', name: 'Local Admin' },
  { id: LOCAL_MODERATOR.id, name: LOCAL_MODERATOR.name },
];

const PEOPLE = [
  ['Ama', 'Asante'], ['Kwesi', 'Appiah'], ['Efua', 'Mensah'], ['Yaw', 'Boateng'], ['Akosua', 'Owusu'], ['Kofi', 'Darko'],
  ['Adjoa', 'Frimpong'], ['Kwabena', 'Ofori'], ['Esi', 'Quaye'], ['Nana', 'Agyeman'], ['Chidi', 'Okafor'], ['Amara', 'Diallo'],
  ['Lena', 'Fischer'], ['Tom', 'Becker'], ['Sofia', 'Rossi'], ['James', 'Carter'], ['Priya', 'Nair'], ['Maya', 'Levin'],
] as const;
const COMPANIES = ['Mensah Foods', 'Accra Logistics', 'Kumasi Crafts', 'Gold Coast Travel', 'Volta Farms', 'Lagos Fintech', 'Berlin Bikes', 'Tema Port Services'];

/** A small deterministic generator (mulberry32), so the demo looks the same on every fresh start. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fieldsFor(kind: SubmissionKind, person: readonly [string, string], company: string, pick: <T>(list: readonly T[]) => T, receivedAt: Date): Record<string, string> {
  const name = `${person[0]} ${person[1]}`;
  const email = `${person[0]}.${person[1]}@example.com`.toLowerCase();
  const service = pick(serviceChoices);
  switch (kind) {
    case 'contact':
      return { name, email, company, service, budget: pick(budgetChoices), timeline: pick(timelineChoices), message: `Hello, we at ${company} are looking for help with ${service.toLowerCase()}. Could we talk this week?` };
    case 'career':
      return { name, email, area: pick(['Engineering', 'Design', 'DevOps', 'Marketing']), experience: pick(['1-2 years', '3-5 years', '6-10 years']), portfolio: `https://www.linkedin.com/in/${person[0].toLowerCase()}-${person[1].toLowerCase()}`, coverLetter: 'I have followed your work for a while and would love to build products for clients across Africa with you.' };
    case 'affiliate':
      return { name, email, company: `https://${person[1].toLowerCase()}.blog`, country: pick(['Ghana', 'Nigeria', 'Kenya', 'Germany']), audience: 'A newsletter for small business owners in West Africa.', referralPlan: 'I introduce readers who ask me for developers.' };
    case 'seo-audit':
      return { name, email, website: `https://${company.toLowerCase().replace(/\s+/g, '-')}.com`, goals: 'Rank for our main product and get more enquiries from abroad.' };
    case 'booking':
      return { name, email, date: new Date(receivedAt.getTime() + 5 * 86_400_000).toISOString().slice(0, 10), timeWindow: 'Morning (09:00-12:00)', timeZone: 'Africa/Accra', topic: 'A new project' };
    case 'lead':
      return {
        name, email, company, serviceInterest: service, budgetRange: pick(budgetChoices), timeline: pick(timelineChoices),
        projectSummary: `${company} wants ${service.toLowerCase()} for its customers.`,
        messages: [`Visitor: Hi, I need help with ${service.toLowerCase()}.`, 'Bot: Happy to help! May I have your name?', `Visitor: ${name}`, 'Bot: Thanks! What is your e-mail address?', `Visitor: ${email}`].join('\n'),
      };
    case 'pricing':
      return { name, email, projectType: pick(['Website', 'Mobile App', 'E-commerce']), features: 'Payments, user accounts, admin dashboard', numberOfPages: pick(['1-5', '6-10', '11-20']), additionalDetails: 'We would like to launch before the holidays.' };
    case 'live':
      return {
        name, email, company, mode: 'offline', source: 'Chatbot',
        messages: [`Visitor: Do you build ${service.toLowerCase()}?`, `Assistant: Yes, ${service} is one of our services.`, 'Visitor: Can I talk to a person about our budget?'].join('\n'),
      };
    case 'whatsapp':
      return {
        name, phone: `23324${String(Math.floor(pick([1, 2, 3, 4, 5, 6, 7, 8, 9]) * 1_111_111)).padStart(7, '0')}`, source: 'WhatsApp',
        messages: [`Visitor: Hello, do you build ${service.toLowerCase()}?`, `Assistant: Yes, ${service} is one of our services. What would you like to build?`].join('\n'),
      };
  }
}

/** Later leads are mostly New; older ones moved along the pipeline. */
function statusFor(ageDays: number, r: number): LeadStatus {
  if (ageDays < 2) return r < 0.75 ? 'new' : 'contacted';
  if (ageDays < 14) return (['new', 'contacted', 'contacted', 'qualified', 'proposal_sent', 'spam'] as const)[Math.floor(r * 6)]!;
  return (['contacted', 'qualified', 'proposal_sent', 'won', 'won', 'lost', 'lost', 'spam'] as const)[Math.floor(r * 8)]!;
}

/**
 * The demo's documents: every kind's records with their inquiries and history, and the team's channels.
 * `perKind` leads of each kind (6 for the demo; bench:admin asks for thousands).
 */
export function demoDocuments(databaseId: string, now = Date.now(), perKind = 6): SeedDocument[] {
  const rnd = random(20261125);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const docs: SeedDocument[] = [];
  const add = (collectionId: string, documentId: string, data: Record<string, unknown>) => docs.push({ databaseId, collectionId, documentId, data });

  let n = 0;
  let threads = 0;
  for (const kind of submissionKinds) {
    for (let i = 0; i < perKind; i += 1) {
      n += 1;
      const ageDays = i === 0 ? rnd() * 0.8 : rnd() * 82;
      const receivedAt = new Date(now - ageDays * 86_400_000);
      const message: SubmissionMessage = {
        v: 1,
        id: `demo-${String(n).padStart(5, '0')}`,
        kind,
        submittedAt: receivedAt.toISOString(),
        fields: fieldsFor(kind, PEOPLE[n % PEOPLE.length]!, COMPANIES[n % COMPANIES.length]!, pick, receivedAt),
      };
      const record = submissionDocument(message)!;
      add(record.collectionId, record.documentId, record.data);

      const inquiry = inquiryDocument(message);
      const status = statusFor(ageDays, rnd());
      const history = [receivedActivity(message.id, message.submittedAt)];
      const data = { ...inquiry.data, status };
      if (status !== 'new') {
        const staff = pick(STAFF);
        const answeredAt = new Date(receivedAt.getTime() + (1 + rnd() * 30) * 3_600_000);
        data.firstResponseAt = answeredAt.toISOString();
        // Who answered and how (docs/decisions/0029), for the reports' figures per staff member.
        Object.assign(data, { firstResponseBy: staff.id, firstResponseByName: staff.name, firstResponseVia: (['phoned', 'email', 'replied_outside'] as const)[n % 3] });
        data.assigneeId = staff.id;
        data.assigneeName = staff.name;
        history.push(activityDocument({ documentId: `${message.id}-assign`, leadId: message.id, type: 'assign', at: answeredAt.toISOString(), actor: staff, to: staff.name }));
        history.push(activityDocument({ documentId: `${message.id}-status`, leadId: message.id, type: 'status', at: answeredAt.toISOString(), actor: staff, from: leadStatusNames.new, to: leadStatusNames[status] }));
        if (rnd() < 0.5) {
          history.push(activityDocument({ documentId: `${message.id}-note`, leadId: message.id, type: 'note', at: answeredAt.toISOString(), actor: staff, text: 'Called them; they will send a short brief by e-mail.' }));
        }
        if (threads < DEMO_THREADS.length && data.email && (kind === 'contact' || kind === 'lead')) {
          history.push(...mailThread(DEMO_THREADS[threads]!, message.id, data.email, data.name ?? '', staff, answeredAt));
          threads += 1;
        }
      }
      add(COLLECTIONS.inquiries, inquiry.documentId, { ...data });
      for (const h of history) add(COLLECTIONS.leadActivity, h.documentId, { ...h.data });
    }
  }

  const channels = [
    { id: 'general', name: 'general', description: 'Everything the team needs to know.' },
    { id: 'sales', name: 'sales', description: 'Leads, proposals and follow-ups.' },
  ];
  for (const c of channels) add(COLLECTIONS.channels, c.id, { name: c.name, description: c.description, createdBy: 'local-admin' });
  const chat: [string, (typeof STAFF)[number], string, number][] = [
    ['general', STAFF[0]!, 'Welcome to the team channel! Questions about the site go here.', 3],
    ['general', STAFF[1]!, 'Thanks! The new portfolio case study is live: https://voltalabs.example/portfolio', 2],
    ['sales', STAFF[1]!, 'Two new chat leads this morning, both asking about e-commerce.', 1],
    ['sales', STAFF[0]!, 'Great, I will take the one from Lagos. Can you reply to the other?', 0.9],
  ];
  for (const [i, [channelId, author, text, daysAgo]] of chat.entries()) {
    const postedAt = new Date(now - daysAgo * 86_400_000).toISOString();
    add(COLLECTIONS.messages, `demo-message-${i + 1}`, { channelId, userId: author.id, authorName: author.name, text, postedAt });
  }
  for (const [i, r] of DEMO_SAVED_REPLIES.entries()) {
    add(COLLECTIONS.savedReplies, `demo-reply-${i + 1}`, { ...r, updatedBy: 'local-admin', updatedAt: new Date(now - (10 - i) * 86_400_000).toISOString() });
  }
  return docs;
}

/** Saved replies of the composer (shared/admin/savedReplies.ts), with its variables; two have a French version. */
const DEMO_SAVED_REPLIES = [
  { title: 'First answer', body: 'Hello {{first_name}},\n\nthank you for getting in touch about {{service}}. I would love to hear more: could we have a 30-minute call this week? You can pick a time here: {{booking_link}}\n\nBest regards,\n{{agent_name}}',
    bodyFr: 'Bonjour {{first_name}},\n\nmerci de nous avoir contactés au sujet de {{service}}. J’aimerais en savoir plus\u202f: pourrions-nous prévoir un appel de 30\u00a0minutes cette semaine\u202f? Vous pouvez choisir un créneau ici\u202f: {{booking_link}}\n\nBien cordialement,\n{{agent_name}}' },
  { title: 'Estimate follow-up', body: 'Hello {{first_name}},\n\nfor {{service}} our first estimate is {{estimate}}. We will confirm it once we know the details. Shall we go through them together?\n\n{{agent_name}}',
    bodyFr: 'Bonjour {{first_name}},\n\npour {{service}}, notre première estimation est de {{estimate}}. Nous la confirmerons une fois les détails connus. Voulez-vous que nous les passions en revue ensemble\u202f?\n\n{{agent_name}}' },
  { title: 'Ask for a brief', body: 'Hello {{first_name}},\n\ncould you send us a short brief (goals, audience, examples you like, deadline)? A few lines are enough to start.\n\nThank you,\n{{agent_name}}' },
  { title: 'Not a fit', body: 'Hello {{first_name}},\n\nthank you for thinking of us. We are not the right team for this project, but we are happy to recommend someone.\n\nKind regards,\n{{agent_name}}' },
];

type Staff = (typeof STAFF)[number];
/** One e-mail of a demo thread: ours (with its delivery state) or the prospect's answer, hours after the first. */
type DemoMail = { out: boolean; hours: number; text: string; state?: 'sent' | 'failed'; error?: string };
const DEMO_THREADS: DemoMail[][] = [
  [
    { out: true, hours: 0, state: 'sent', text: 'Hello,\n\nthank you for your message. Could we have a short call this week to talk it through?\n\nBest regards' },
    { out: false, hours: 20, text: 'Hi, yes please. Thursday afternoon works for us.' },
    { out: true, hours: 22, state: 'sent', text: 'Thursday at 15:00 Accra time it is. I will send an invitation.' },
  ],
  [
    { out: true, hours: 0, state: 'sent', text: 'Hello,\n\ncould you send us a short brief with your goals and deadline?' },
    { out: false, hours: 30, text: 'Here is what we have in mind: a shop with mobile money payments, live before December.' },
  ],
  [
    { out: true, hours: 0, state: 'failed', error: 'The recipient\'s mail server refused the message: 550 mailbox unavailable.', text: 'Hello,\n\nthank you for your request. When would be a good time to talk?' },
  ],
];

function mailThread(thread: DemoMail[], leadId: string, email: string, name: string, staff: Staff, start: Date) {
  const subject = 'Your enquiry to Volta Labs';
  return thread.map((m, i) => activityDocument({
    documentId: `${leadId}-mail-${i + 1}`, leadId, type: m.out ? 'email_out' : 'email_in', at: new Date(start.getTime() + m.hours * 3_600_000 + 60_000).toISOString(),
    actor: m.out ? staff : null, text: m.out ? m.text : `${m.text}\n\n${name}`, from: m.out ? null : email, to: m.out ? email : null,
    subject: i === 0 ? subject : `Re: ${subject}`, messageId: `<${leadId}-${i + 1}@${m.out ? 'voltalabs.dev' : 'example.com'}>`,
    deliveryState: m.out ? (m.state ?? 'sent') : null, deliveryError: m.error ?? null,
  }));
}
