import type { AlertEvent, AlertKind } from '../alerts.ts';

// What an alert says, the same on a device (the service worker's notification, web/public/sw.js) and in
// the e-mail sent when a person has no working device (docs/decisions/0028). No I/O.

/** The push message's JSON payload, read by web/public/sw.js. */
export interface AlertNotification {
  title: string;
  body: string;
  /** One notification per event on a device: a second push of the same event replaces the first. */
  tag: string;
  /** Same-origin path the notification opens. */
  url: string;
  kind: AlertKind;
}

const titles: Record<AlertKind, (who: string) => string> = {
  new_lead: (who) => `New lead from ${who}`,
  visitor_waiting: (who) => `${who} is waiting for a person`,
  assigned: (who) => `Lead assigned to you: ${who}`,
  prospect_reply: (who) => `${who} replied`,
  promise_75: (who) => `18 h without an answer: ${who}`,
  promise_100: (who) => `Promise broken (24 h): ${who}`,
};

const BODY_MAX = 140;

/** The admin page an alert opens: the lead (a live chat is a lead of kind live), else the inbox. */
export const alertPath = (e: Pick<AlertEvent, 'leadId'>): string =>
  e.leadId ? `/admin/leads/${encodeURIComponent(e.leadId)}` : '/admin';

export function alertNotification(e: AlertEvent): AlertNotification {
  const who = e.who?.trim() || (e.kind === 'visitor_waiting' ? 'A visitor' : 'a visitor');
  const words = e.words.replace(/\s+/g, ' ').trim();
  return {
    title: titles[e.kind](who),
    body: words.length > BODY_MAX ? `${words.slice(0, BODY_MAX - 1)}…` : words,
    tag: `${e.kind}:${e.key}`.slice(0, 100),
    url: alertPath(e),
    kind: e.kind,
  };
}

/** The e-mail alert's subject and text, with an absolute link. */
export function alertMailText(n: AlertNotification, siteUrl: string): { subject: string; text: string } {
  const link = new URL(n.url, siteUrl).toString();
  return {
    subject: n.title,
    text: [n.body, '', `Open it: ${link}`, '', 'You get this e-mail because no device of yours has notifications turned on. Choose what you are alerted about under Notifications in the admin area.']
      .filter((line, i) => i > 0 || line).join('\n'),
  };
}
