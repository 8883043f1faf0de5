import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ackMail } from '../../shared/ackMail.ts';
import { addCatalog } from '../../shared/i18n/catalogs.ts';
import { messages as enMail } from '../../shared/i18n/mail/en.ts';
import { messages as frMail } from '../../shared/i18n/mail/fr.ts';
import { replyByForMail } from '../../shared/replyBy.ts';
import { submissionKinds } from '../../shared/submissionKinds.ts';

// The e-mails to visitors in their language (shared/i18n/mail/*.po, docs/decisions/0032 "E-mails to
// visitors"): both catalogs hold the same ids and placeholders, the English catalog says exactly what the
// modules say (so English mail stays word for word), and a French lead's acknowledgement is French, with
// French typography and Intl's French dates, in the visitor's zone next to Accra's.

// The Worker loads it where it builds the mail (functions/promise/ack.ts); here, the same.
addCatalog('fr', frMail);

/** A compiled message as its catalog writes it: text with {placeholders}. */
const source = (m: unknown): string => (typeof m === 'string' ? m : (m as unknown[]).map((p) => (typeof p === 'string' ? p : `{${String((p as unknown[])[0])}}`)).join(''));
const catalogText = (messages: Record<string, unknown>) => Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, source(m)]));
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)(?=\s*[,}])/g)].map((m) => m[1]).sort();

const due = '2026-11-28T14:05:00.000Z'; // a Saturday
const input = { replyBy: due, teamName: 'Volta Labs', siteUrl: 'https://voltalabs.dev' };

describe('the mail catalog', () => {
  // Compiled with --strict (npm run i18n:compile), which fails on a message missing from a catalog.
  const en = catalogText(enMail);
  const fr = catalogText(frMail);

  it('has the same ids and placeholders in both languages, each translated', () => {
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(en).length).toBeGreaterThan(15);
    expect(fr['mail.ack.subject']).toBe('Nous avons bien reçu votre {what} – {teamName}');
    for (const id of Object.keys(en)) {
      expect(fr[id], id).not.toBe('');
      expect(placeholders(fr[id]!), id).toEqual(placeholders(en[id]!));
    }
  });

  it('writes French with its typography and the vouvoiement', () => {
    for (const text of Object.values(fr)) {
      expect(text, text).not.toMatch(/[^\u00a0\u202f][:;?!%](?=\s|$)/);
      expect(text, text).not.toMatch(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/);
      expect(text, text).not.toMatch(/(?<![\p{L}’'])(tu|toi|ton|ta|tes)(?!\p{L})/iu);
    }
  });

  it('in English says exactly what the modules say, for every kind and zone', () => {
    const english = setupI18n({ locale: 'en', locales: ['en'], messages: { en: enMail } });
    for (const kind of submissionKinds) {
      for (const zone of [null, 'America/New_York', 'Asia/Tokyo']) {
        const replyBy = kind === 'live' ? '2026-11-28T22:30:00.000Z' : due;
        const mail = ackMail({ ...input, replyBy, kind, visitorZone: zone });
        // The same mail built from the English catalog.
        const what = english._(`mail.ack.what.${kind}`);
        expect(mail.subject).toBe(english._('mail.ack.subject', { what, teamName: 'Volta Labs' }));
        const when = replyByForMail(replyBy, zone);
        expect(mail.text).toBe([
          english._('mail.ack.greeting'), '',
          english._('mail.ack.thanks', { teamName: 'Volta Labs', what, when }), '',
          english._('mail.ack.addMore'), '',
          english._('mail.ack.notYou', { siteUrl: 'https://voltalabs.dev' }), '',
          english._('mail.ack.signature', { teamName: 'Volta Labs' }),
        ].join('\n'));
      }
    }
    const sentence = (id: string, values: Record<string, string>) => english._(id, values);
    expect(replyByForMail(due)).toBe(sentence('mail.replyBy.accra', { accraDay: 'Saturday 28 November', accraTime: '14:05' }));
    expect(replyByForMail(due, 'America/New_York')).toBe(sentence('mail.replyBy.both', { day: 'Saturday 28 November', time: '09:05', accraTime: '14:05' }));
    expect(replyByForMail('2026-11-28T22:30:00.000Z', 'Asia/Tokyo'))
      .toBe(sentence('mail.replyBy.bothDay', { day: 'Sunday 29 November', time: '07:30', accraDay: 'Saturday 28 November', accraTime: '22:30' }));
  });
});

describe('a French lead\'s acknowledgement', () => {
  it('is French: subject, body, vouvoiement and typography, for every kind', () => {
    for (const kind of submissionKinds) {
      const { subject, text } = ackMail({ ...input, kind, locale: 'fr' });
      expect(subject).toMatch(/^Nous avons bien reçu votre [\p{L}’ -]+ – Volta Labs$/u);
      expect(text).toMatch(/^Bonjour,\n\nMerci d’avoir contacté Volta Labs\. Nous avons bien reçu votre /);
      expect(text).toContain('vous répondra d’ici le samedi 28 novembre à 14:05, heure d’Accra (GMT, identique à l’heure UTC).');
      expect(text).toContain('répondre à cet e-mail\u202f: votre réponse');
      expect(text).toContain('(https://voltalabs.dev)');
      expect(text).toMatch(/\n\nBien cordialement,\nL’équipe Volta Labs$/);
      for (const english of ['We have', 'Thank you', 'reply', 'Accra time', 'team']) expect(text, english).not.toContain(english);
    }
    expect(ackMail({ ...input, kind: 'booking', locale: 'fr' }).subject).toBe('Nous avons bien reçu votre demande de rendez-vous – Volta Labs');
  });

  it('tells the reply-by in the visitor\'s zone next to Accra\'s, in French, across New York\'s change of clocks', () => {
    expect(replyByForMail(due, 'Europe/Paris', 'fr')).toBe('d’ici le samedi 28 novembre à 15:05, heure locale (14:05 à Accra, GMT)');
    expect(replyByForMail('2026-11-28T22:30:00.000Z', 'Asia/Tokyo', 'fr'))
      .toBe('d’ici le dimanche 29 novembre à 07:30, heure locale (samedi 28 novembre, 22:30 à Accra, GMT)');
    expect(replyByForMail('2026-10-31T14:05:00.000Z', 'America/New_York', 'fr')).toBe('d’ici le samedi 31 octobre à 10:05, heure locale (14:05 à Accra, GMT)');
    expect(replyByForMail('2026-11-02T14:05:00.000Z', 'America/New_York', 'fr')).toBe('d’ici le lundi 2 novembre à 09:05, heure locale (14:05 à Accra, GMT)');
    expect(ackMail({ ...input, kind: 'contact', locale: 'fr', visitorZone: 'Africa/Abidjan' }).text)
      .toContain('d’ici le samedi 28 novembre à 14:05, heure d’Accra (GMT, identique à l’heure UTC)');
  });
});
