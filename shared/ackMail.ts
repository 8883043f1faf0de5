import type { Locale } from './i18n/locale.ts';
import { say } from './i18n/say.ts';
import { replyByForMail } from './replyBy.ts';
import type { SubmissionKind } from './submissionKinds.ts';

// The acknowledgement e-mail to a visitor who sent a request (docs/decisions/0029): the team has it and
// by when a person replies. Built from what the server knows only (the kind, the time, the site's own
// name and address): never a word the visitor typed, not even their name, so the form cannot be used to
// send someone else a message of the sender's choosing. No I/O.

/** The field the Worker sets on a queued submission when its acknowledgement passed the limits. */
export const ACK_FIELD = '_ack';
/** The visitor's time zone as their browser gave it (checked), so the "by when" is in their time too. */
export const ACK_ZONE_FIELD = '_ackZone';

/** What the visitor sent, as they would call it. */
const WHAT: Record<SubmissionKind, string> = {
  contact: 'message',
  career: 'job application',
  affiliate: 'partner application',
  'seo-audit': 'SEO audit request',
  booking: 'booking request',
  lead: 'request',
  pricing: 'pricing request',
  live: 'request to talk to a person',
  whatsapp: 'message',
};

export interface AckMailInput {
  kind: SubmissionKind;
  /** ISO 8601: the promise's end (receivedAt + 24 h). */
  replyBy: string;
  /** MAIL_FROM_NAME: the agency's name. */
  teamName: string;
  /** SITE_URL. */
  siteUrl: string;
  /** The visitor's IANA time zone, when their browser gave one. */
  visitorZone?: string | null;
  /** The lead's language (inquiries.language): the page or conversation it came from. English by default. */
  locale?: Locale;
}

export function ackMail({ kind, replyBy, teamName, siteUrl, visitorZone, locale = 'en' }: AckMailInput): { subject: string; text: string } {
  const what = say(locale, `mail.ack.what.${kind}`, WHAT[kind]);
  const when = replyByForMail(replyBy, visitorZone, locale);
  return {
    subject: say(locale, 'mail.ack.subject', `We have your ${what} – ${teamName}`, { what, teamName }),
    text: [
      say(locale, 'mail.ack.greeting', 'Hello,'),
      '',
      say(locale, 'mail.ack.thanks', `Thank you for getting in touch with ${teamName}. Our team has your ${what}, and a person will reply ${when}.`, { teamName, what, when }),
      '',
      say(locale, 'mail.ack.addMore', 'To add anything, reply to this e-mail: your answer goes straight to the person handling your request.'),
      '',
      say(locale, 'mail.ack.notYou', `This address was given on our website (${siteUrl}). If that was not you, you can ignore this message: we send at most one like it a day to an address.`, { siteUrl }),
      '',
      say(locale, 'mail.ack.signature', `The ${teamName} team`, { teamName }),
    ].join('\n'),
  };
}
