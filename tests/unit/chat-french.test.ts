import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n/allCatalogs.ts';
import { messages as enChat } from '../../shared/i18n/chat/en.ts';
import { localIntent, localReply } from '../../shared/chat/local.ts';
import { catalogText, chatText } from '../../shared/chat/text.ts';
import { initialFlowState, pricingStep, routeInput, startLead, leadStep } from '../../shared/chat/flows.ts';
import { asksForPerson } from '../../shared/chat/live.ts';

// The chat in French (docs/decisions/0032, "Chat"): the local assistant understands and answers French, the
// flows speak it, and the English catalog of the chat is the modules' own English, word for word.

const booking = { booking: { url: '/booking', external: false } };
const ask = (text: string) => localReply([{ role: 'user', text }], booking, 'fr');
const us = (n: string) => n.replace(/ /g, '\u202f');

describe('the local assistant in French', () => {
  it('recognises French questions', () => {
    expect(localIntent('combien coûte un site web')).toBe('estimate');
    expect(localIntent('Quels sont vos tarifs ?')).toBe('prices');
    expect(localIntent('prendre rendez-vous')).toBe('booking');
    expect(localIntent('parler à une personne')).toBe('booking');
    expect(localIntent('Bonjour')).toBe('greeting');
    expect(localIntent('Montrez-moi vos réalisations')).toBe('portfolio');
    expect(localIntent('Comment vous joindre par téléphone ?')).toBe('contact');
  });

  it('gives an estimate in French with prices in "$ US"', () => {
    const r = ask('combien coûte un site web');
    expect(r.text).toBe(`Chez nous, un projet de ce type (site d’entreprise) coûte en général ${us('4 000')}\u00a0$\u00a0US – ${us('10 000')}\u00a0$\u00a0US et prend environ 4 à 8\u00a0semaines. C’est une fourchette indicative\u202f: après une consultation gratuite, vous recevez un devis ferme.`);
    expect(r.parts[0]).toMatchObject({ type: 'estimate', estimate: { projectType: 'business-website', min: 4000, max: 10000 } });
    expect(r.chips).toEqual(['Réserver une consultation', 'Voir nos réalisations']);
  });

  it('answers greetings, bookings, prices, departments and the rest in French', () => {
    expect(ask('Bonjour').text).toMatch(/^Bonjour\u202f! Je suis l’assistant de /);
    expect(ask('prendre rendez-vous')).toMatchObject({
      text: expect.stringMatching(/^Avec plaisir\u202f! La première consultation est gratuite et dure 30 minutes/),
      parts: [{ type: 'booking', label: 'Réserver une consultation gratuite de 30\u00a0minutes' }],
    });
    const prices = ask('Quels sont vos tarifs ?');
    expect(prices.text).toContain('Développement logiciel (');
    expect(prices.text).toContain('$\u00a0US');
    expect(prices.chips).toEqual(['Site web', 'Application mobile', 'Application web', 'E-commerce', 'Logiciel sur mesure']);
    expect(ask('Montrez-moi vos réalisations').text).toBe('Voici quelques projets dont nous sommes fiers\u202f:');
    const fallback = ask('xyzzy');
    expect(fallback.text).toMatch(/^Je peux vous présenter nos services/);
    expect(fallback.chips).toContain('Parler à une personne');
  });

  it('answers FAQ questions from the French FAQ, its lists written in French', () => {
    expect(localIntent('Quelles technologies utilisez-vous ?', 'fr')).toBe('faq');
    const tech = ask('Quelles technologies utilisez-vous ?');
    expect(tech.text).toMatch(/^Surtout React, TypeScript et Node.js/);
    expect(tech.parts[0]).toMatchObject({ type: 'faq', items: [{ question: 'Quelles technologies utilisez-vous\u202f?' }] });
    expect(ask('Comment se passent les paiements ?').text).toContain('50\u00a0% à la signature');
    // "Combien de temps" asks how long, not how much.
    const mvp = ask('En combien de temps pouvez-vous lancer un produit minimum viable ?');
    expect(mvp.text).toMatch(/^Un prototype cliquable est en général prêt en quelques jours/);
  });

  it('still answers English pages in English', () => {
    expect(localReply([{ role: 'user', text: 'how much is a website' }], booking).text).toMatch(/^A business website with us typically costs \$4,000 – \$10,000/);
  });
});

describe('a greeting that opens a question', () => {
  it('does not hide the question: the price answer, in English and in French', () => {
    expect(localIntent('Hello, how much is a website?')).toBe('estimate');
    expect(localReply([{ role: 'user', text: 'Hello, how much is a website?' }], booking).text).toMatch(/^A business website with us typically costs \$4,000 – \$10,000/);
    expect(localIntent('Bonjour, combien coûte un site web ?', 'fr')).toBe('estimate');
    expect(ask('Bonjour, combien coûte un site web ?').parts[0]).toMatchObject({ type: 'estimate', estimate: { projectType: 'business-website' } });
    expect(localIntent('Thanks! Can I book a call?')).toBe('booking');
    expect(localIntent('Merci, montrez-moi vos réalisations', 'fr')).toBe('portfolio');
  });

  it('is still a greeting (or thanks) on its own', () => {
    for (const text of ['Hello', 'Hello!', 'Hi there', 'Good morning', 'Bonjour !', 'Salut']) expect(localIntent(text, 'fr'), text).toBe('greeting');
    for (const text of ['Thanks!', 'Merci beaucoup', 'ok']) expect(localIntent(text), text).toBe('thanks');
  });
});

describe('the flows in French', () => {
  it('run the pricing flow in French, ending with an estimate in "$ US"', () => {
    let s = initialFlowState(null, 'fr');
    const start = routeInput(s, 'Combien pour une application ?');
    expect(start.handled && start.botMessages[0]!.text).toBe('Avec plaisir, je vais vous préparer une estimation de prix. Tout d’abord, comment vous appelez-vous\u202f?');
    s = start.state;
    const steps = [
      ['Awa', 'Merci, Awa\u202f! À quelle adresse e-mail devons-nous envoyer le devis détaillé\u202f?'],
      ['pas-une-adresse', 'Cette adresse e-mail ne semble pas valide. Pourriez-vous indiquer une adresse valide\u202f?'],
      ['awa@example.com', 'De quel type de projet s’agit-il\u202f?'],
      ['Application mobile', expect.stringMatching(/^De quelles fonctionnalités principales/)],
      ['paiements et comptes', expect.stringMatching(/^Autre chose à savoir/)],
    ] as const;
    for (const [input, expected] of steps) {
      const r = pricingStep(s, input);
      expect(r.botMessages[0]!.text).toEqual(expected);
      s = r.state;
    }
    expect(s.pricing.info.features).toEqual(['paiements', 'comptes']);
    const done = pricingStep(s, 'aucun');
    expect(done.botMessages[0]!.text).toBe(`Voici une première estimation pour votre projet (application mobile)\u202f: ${us('10 000')}\u00a0$\u00a0US – ${us('30 000')}\u00a0$\u00a0US, pour un délai d’environ 8 à 16\u00a0semaines.`);
    expect(done.botMessages[1]!.text).toMatch(/^C’est une fourchette indicative, pas un devis. Merci, Awa\u202f!/);
    expect(done.effects[0]).toMatchObject({ type: 'submitPricing', request: { additionalDetails: 'None provided' } });
  });

  it('offer French chips and accept French answers in the lead flow', () => {
    let s = startLead(initialFlowState(null, 'fr')).state;
    s = leadStep(s, 'Je préfère ne pas le dire').state;
    const phone = leadStep(s, 'awa@example.com');
    expect(phone.botMessages[0]!.chips).toEqual(['Plutôt par e-mail, de préférence', 'Passer cette étape']);
    expect(leadStep(phone.state, 'Passer cette étape').state.lead.info.phone).toBe('Prefer email');
  });

  it('know a French request for a person', () => {
    expect(asksForPerson('Parler à une personne')).toBe(true);
    expect(asksForPerson('Je voudrais discuter avec un conseiller')).toBe(true);
    expect(asksForPerson('Parlez-moi de vos prix')).toBe(false);
  });
});

describe('the chat catalog', () => {
  it('holds, in English, the chat modules’ own English word for word', () => {
    const t = setupI18n({ locale: 'en', locales: ['en'], messages: { en: enChat } });
    const fromCatalog = catalogText(t);
    const english = chatText('en');
    const call = (v: unknown) => (typeof v === 'function' ? [(v as (...a: string[]) => string)('Ama', '$1 – $2', '2-4 weeks'), (v as (...a: string[]) => string)('', '', '')] : v);
    const each = (o: object) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, call(v)]));
    const render = (x: ReturnType<typeof chatText>) => ({ ...x, flow: each(x.flow), live: each(x.live) });
    expect(render(fromCatalog)).toEqual(render(english));
  });
});
