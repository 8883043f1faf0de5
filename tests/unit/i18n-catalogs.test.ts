import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n/allCatalogs.ts';
import { messages as enFrame } from '../../shared/i18n/locales/en.ts';
import { messages as enPages } from '../../shared/i18n/pages/en.ts';
import { setupI18n, type Messages } from '@lingui/core';
import { choiceId, fieldHint, fieldLabel, formDefinitions, formMessagesIn, validateForm, wordingOf, type FormKind } from '../../shared/forms/index.ts';
import { prefilledText, referenceIn } from '../../shared/whatsapp/reference.ts';
import { replyBySentence } from '../../shared/replyBy.ts';
import { languageOf } from '../../shared/forms/language.ts';
import { teamHoursSentence, windowInAccra } from '../../shared/accraTime.ts';
import { messages as enContent } from '../../shared/i18n/content/en.ts';
import { messages as enChat } from '../../shared/i18n/chat/en.ts';
import { messages as enCommon } from '../../shared/i18n/common/en.ts';
import { errorFallbackIn, tooManyRequestsIn } from '../../shared/i18n/common.ts';
import { messages as enCompany } from '../../shared/i18n/company/en.ts';
import { messages as enAccount } from '../../shared/i18n/account/en.ts';
import { messages as enDashboard } from '../../shared/i18n/account/dashboard/en.ts';
import { messages as frDashboard } from '../../shared/i18n/account/dashboard/fr.ts';
import { messages as enAccountPages } from '../../shared/i18n/account/pages/en.ts';
import { messages as frAccountPages } from '../../shared/i18n/account/pages/fr.ts';
import { messages as frMessages } from '../../shared/i18n/fr.ts';
import { catalog, en } from '../../shared/i18n/catalogs.ts';
import { basePath, localeOfPath, pathIn } from '../../shared/i18n/locale.ts';
import { localizedHref } from '../../shared/i18n/pages.ts';
import { preferredLocale, suggestion } from '../../shared/i18n/choice.ts';
import { percentIn, usdIn, usdRangeIn } from '../../shared/i18n/format.ts';
import { prose } from '../../shared/content/fr/prose.ts';
import { serviceTexts } from '../../shared/content/fr/services.ts';
import { portfolioTexts } from '../../shared/content/fr/portfolio.ts';
import { portfolioStories } from '../../shared/content/portfolioStories.ts';
import { portfolioSlugs } from '../../shared/content/portfolioSlugs.ts';
import { aboutText, memberTexts, teamIntroText } from '../../shared/content/fr/company.ts';
import { faqTexts } from '../../shared/content/fr/faq.ts';
import { about } from '../../shared/content/about.ts';
import { team } from '../../shared/content/team.ts';
import { faqGroups } from '../../shared/content/faq.ts';
import { serviceDetails } from '../../shared/content/serviceDetails.ts';
import { departments } from '../../shared/content/departments.ts';
import { services } from '../../shared/content/services.ts';
import { serviceSummaries } from '../../shared/content/serviceSummaries.ts';
import { portfolioCards, portfolioFilters } from '../../shared/content/portfolioCards.ts';
import { agencyProcess } from '../../shared/content/process.ts';
import { site } from '../../shared/site.ts';
import { careersText, roleTexts } from '../../shared/content/fr/careers.ts';
import { affiliateText } from '../../shared/content/fr/affiliate.ts';
import { agreementText } from '../../shared/content/fr/agreement.ts';
import { careers, openRoles } from '../../shared/content/careers.ts';
import { affiliate } from '../../shared/content/affiliate.ts';
import { agreement } from '../../shared/content/agreement.ts';
import { publicRoutes } from '../../shared/routes.ts';
import { formKinds } from '../../shared/submissionKinds.ts';

/** The forms' compiled catalogs of a language, one per directory: shared/i18n/forms and one per form kind. */
const formCatalogs = (locale: 'en' | 'fr'): Record<string, Messages> => {
  const found = locale === 'en'
    ? import.meta.glob<Messages>('../../shared/i18n/forms/**/en.ts', { eager: true, import: 'messages' })
    : import.meta.glob<Messages>('../../shared/i18n/forms/**/fr.ts', { eager: true, import: 'messages' });
  return Object.fromEntries(Object.entries(found).map(([file, messages]) => [file.replace(/^.*\/i18n\/|\/\w+\.ts$/g, ''), messages]));
};
const enForms: Messages = Object.assign({}, ...Object.values(formCatalogs('en')));

// The catalogs (shared/i18n/{locales,pages,content}/*.po) and the French prose (shared/content/fr/prose.ts): the same keys and
// placeholders in both languages, French typography, and the helpers that route links and format numbers.

/** The catalogs, one directory each (lingui.config.ts). */
const CATALOGS = ['locales', 'pages', 'forms', ...formKinds.map((kind) => `forms/${kind}`), 'forms/success', 'content', 'chat', 'company', 'common', 'account', 'account/pages', 'account/dashboard'];

/** msgid → msgstr of a language's PO catalogs (all of them), read as a translator's tool would. */
function po(locale: string): Record<string, string> {
  const text = CATALOGS.map((dir) => readFileSync(resolve(import.meta.dirname, `../../shared/i18n/${dir}/${locale}.po`), 'utf8')).join('\n');
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    const id = JSON.parse(m[1]!) as string;
    if (id) out[id] = JSON.parse(m[2]!) as string;
  }
  return out;
}
// A placeholder is "{name}" or "{name, plural, ...}" (a plural's branches, "one {…}", are not).
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)(?=\s*[,}])/g)].map((m) => m[1]).sort();

/** Every string of a nested value. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe('the catalogs', () => {
  const enPo = po('en');
  const frPo = po('fr');

  it('have the same message ids, each translated (and the compiled catalogs hold them all)', () => {
    expect(Object.keys(frPo).sort()).toEqual(Object.keys(enPo).sort());
    for (const [id, text] of Object.entries(frPo)) expect(text, id).not.toBe('');
    // The French chunk holds them all but the account pages' and the dashboard's, which come with them.
    expect(Object.keys({ ...frMessages, ...frAccountPages, ...frDashboard }).sort()).toEqual(Object.keys(enPo).sort());
    expect(Object.keys({ ...enFrame, ...enPages, ...enForms, ...enContent, ...enChat, ...enCompany, ...enCommon, ...enAccount, ...enAccountPages, ...enDashboard }).sort()).toEqual(Object.keys(enPo).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const id of Object.keys(enPo)) expect(placeholders(frPo[id]!), id).toEqual(placeholders(enPo[id]!));
  });

  it('render ICU placeholders in both languages', () => {
    expect(en._('footer.copyright', { year: 2025, name: 'Volta Labs' })).toBe('© 2025 Volta Labs. All rights reserved.');
    expect(catalog('fr')._('footer.copyright', { year: 2025, name: 'Volta Labs' })).toBe('© 2025 Volta Labs. Tous droits réservés.');
    expect(catalog('fr')._('price.weeks', { min: 4, max: 16 })).toBe('4 à 16\u00a0semaines');
  });

  it('keep the English text that other modules also state word for word', () => {
    expect(en._('footer.tagline')).toBe(site.tagline);
    expect(en._('route.home.description')).toBe(site.description);
    for (const s of services) expect(en._(`service.${s.slug}`)).toBe(s.name);
    // The rate-limit message and the error fallback (shared/i18n/common.ts): the catalog's English is the spec's.
    const common = setupI18n({ locale: 'en', locales: ['en'], messages: { en: enCommon } });
    expect(common._('common.tooManyRequests', { seconds: 42 })).toBe(tooManyRequestsIn('en', 42));
    expect([common._('common.error.title'), common._('common.error.retry')]).toEqual(Object.values(errorFallbackIn('en')));
    expect(tooManyRequestsIn('fr', 42)).toBe('Trop de requêtes. Merci de réessayer dans 42 secondes.');
  });

  it('write French with its typography: a no-break space before : ; ? ! and %, inside « », and vouvoiement', () => {
    const french = [...Object.values(frPo), ...strings(prose), ...strings(serviceTexts), ...strings(portfolioTexts), ...strings([aboutText, teamIntroText, memberTexts, faqTexts]), ...strings([careersText, roleTexts, affiliateText, agreementText])];
    for (const text of french) {
      expect(text, text).not.toMatch(/[^\u00a0\u202f][:;?!%](?=\s|$)/);
      expect(text, text).not.toMatch(/«[^\u00a0\u202f]|[^\u00a0\u202f]»/);
      expect(text, text).not.toMatch(/(?<![\p{L}’'])(tu|toi|ton|ta|tes)(?!\p{L})/iu);
    }
  });
});

describe('the French prose', () => {
  it('covers every key of the English content it translates', () => {
    expect(Object.keys(prose.departments).sort()).toEqual(departments.map((d) => d.id).sort());
    expect(Object.keys(prose.serviceSummaries).sort()).toEqual(Object.keys(serviceSummaries).sort());
    expect(prose.process).toHaveLength(agencyProcess.length);
    expect(Object.keys(prose.portfolioCards).sort()).toEqual(portfolioCards.map((p) => p.slug).sort());
    expect(Object.keys(prose.categories).sort()).toEqual(portfolioFilters.filter((f) => f.value !== 'all').map((f) => f.value).sort());
  });

  it('gives every service page the same parts as its English page (shared/content/fr/services.ts)', () => {
    expect(Object.keys(serviceTexts).sort()).toEqual(services.map((s) => s.slug).sort());
    for (const s of services) {
      const [english, french] = [serviceDetails[s.slug], serviceTexts[s.slug]];
      for (const part of ['whatItIs', 'idealFor', 'deliverables', 'process', 'faqs'] as const) expect(french[part], `${s.slug} ${part}`).toHaveLength(english[part].length);
      if (french.tools) expect(french.tools, s.slug).toHaveLength(english.tools.length);
    }
  });

  it('tells every case study in French, with the same technologies (shared/content/fr/portfolio.ts)', () => {
    expect(Object.keys(portfolioTexts).sort()).toEqual(Object.keys(portfolioStories).sort());
    for (const card of portfolioCards) expect(portfolioTexts[card.slug]!.technologies, card.slug).toHaveLength(card.technologies.length);
  });

  it('gives the about, team and FAQ pages the same parts as in English (company.ts, faq.ts)', () => {
    expect(strings(aboutText)).toHaveLength(strings(about).length);
    expect(Object.keys(memberTexts).sort()).toEqual(team.map((m) => m.slug).sort());
    for (const m of team) expect(memberTexts[m.slug]!.skills, m.slug).toHaveLength(m.skills.length);
    expect(Object.keys(faqTexts).sort()).toEqual(faqGroups.map((g) => g.id).sort());
    for (const g of faqGroups) expect(faqTexts[g.id]!.items, g.id).toHaveLength(g.items.length);
  });

  it('gives the careers, partner and agreement pages the same parts as in English (careers.ts, affiliate.ts, agreement.ts)', () => {
    expect(strings(careersText)).toHaveLength(strings(careers).length);
    expect(Object.keys(roleTexts).sort()).toEqual(openRoles.map((r) => r.slug).sort());
    for (const r of openRoles) {
      const fr = roleTexts[r.slug]!;
      for (const part of ['responsibilities', 'requirements', 'niceToHave'] as const) expect(fr[part], `${r.slug} ${part}`).toHaveLength(r[part].length);
    }
    expect(strings(affiliateText)).toHaveLength(strings(affiliate).length);
    expect(agreementText.sections.map((s) => s.id)).toEqual(agreement.sections.map((s) => s.id));
    for (const [i, s] of agreement.sections.entries()) expect(agreementText.sections[i]!.clauses, s.id).toHaveLength(s.clauses.length);
    // Amounts and shares in French typography, through shared/i18n/format.ts.
    expect(affiliateText.commission).toBe('40\u00a0%');
    expect(affiliateText.example.text).toContain('8\u202f000\u00a0$\u00a0US');
    expect(careersText.benefits.join(' ')).toContain('1\u202f000\u00a0$\u00a0US');
    expect(agreementText.sections[1]!.clauses[1]).toContain('10\u202f000\u00a0$\u00a0US sont facturés 50\u00a0%');
  });

  it('keeps the English of the careers, partner and agreement pages word for word in their catalog (shared/i18n/company)', () => {
    const english = (page: string) => publicRoutes.find((r) => r.page === page)!;
    // The form pages' heads are in the forms catalog (read by translators only, like the forms' English).
    const catalogs = setupI18n({ locale: 'en', messages: { en: { ...enCompany, ...enForms } } });
    for (const page of ['career', 'affiliate', 'agreement', 'career-form', 'affiliate-form']) {
      const values = { name: site.name, commission: site.affiliateCommission };
      expect(catalogs._(`route.${page}.title`, values), page).toBe(english(page).title);
      expect(catalogs._(`route.${page}.description`, values), page).toBe(english(page).description);
    }
    expect(en._('career.rolesIntro', { count: openRoles.length })).toBe(`${openRoles.length} positions open now. All roles are open to candidates of every background; we hire on skills and potential.`);
    expect(catalog('fr')._('career.rolesIntro', { count: 5 })).toMatch(/^5 postes ouverts en ce moment\./);
    expect(catalog('fr')._('route.affiliate.title', { name: site.name, commission: percentIn('fr', site.affiliateCommission) })).toBe('Programme partenaires — gagnez 40\u00a0% — Volta Labs');
  });

  it('counts projects with plurals in both languages', () => {
    expect(en._('portfolio.showing', { count: 1 })).toBe('Showing 1 project');
    expect(en._('portfolio.showingIn', { count: 2, category: 'Mobile' })).toBe('Showing 2 projects in Mobile');
    expect(catalog('fr')._('portfolio.showing', { count: 1 })).toBe('1 projet affiché');
    expect(catalog('fr')._('portfolio.showing', { count: 6 })).toBe('6 projets affichés');
  });
});

describe('paths in each language', () => {
  it('reads and writes the /fr prefix', () => {
    expect(localeOfPath('/fr')).toBe('fr');
    expect(localeOfPath('/fr/contact')).toBe('fr');
    expect(localeOfPath('/france')).toBe('en');
    expect(basePath('/fr')).toBe('/');
    expect(basePath('/fr/services/branding')).toBe('/services/branding');
    expect(pathIn('fr', '/')).toBe('/fr');
    expect(pathIn('fr', '/contact')).toBe('/fr/contact');
    expect(pathIn('en', '/contact')).toBe('/contact');
  });

  it('links a French page to French pages where they exist and to the English page otherwise', () => {
    expect(localizedHref('fr', '/')).toBe('/fr');
    expect(localizedHref('fr', '/#work')).toBe('/fr#work');
    expect(localizedHref('fr', '/agreement')).toBe('/fr/agreement');
    expect(localizedHref('fr', '/career-form?role=devops-engineer')).toBe('/fr/career-form?role=devops-engineer');
    expect(localizedHref('fr', '/sign-in')).toBe('/fr/sign-in');
    expect(localizedHref('fr', '/services/no-such-service')).toBe('/services/no-such-service');
    expect(localizedHref('fr', '/services/branding')).toBe('/fr/services/branding');
    expect(localizedHref('fr', '/services/seo-audit')).toBe('/fr/services/seo-audit');
    expect(localizedHref('fr', '/careers')).toBe('/careers');
    expect(localizedHref('fr', '/portfolio/aquapure-water-delivery-app')).toBe('/fr/portfolio/aquapure-water-delivery-app');
    // An unknown slug is the not-found page: no French version to offer (the switch would not match the 404 HTML).
    expect(localizedHref('fr', '/services/no-such-service')).toBe('/services/no-such-service');
    expect(portfolioSlugs).toEqual(portfolioCards.map((p) => p.slug));
    expect(localizedHref('fr', '/portfolio/no-such-project')).toBe('/portfolio/no-such-project');
    expect(localizedHref('en', '/')).toBe('/');
  });
});

describe('the suggestion to switch language', () => {
  const none = { choice: null, dismissed: false };
  const exists = () => true;
  it('offers the browser’s preferred language when the page is in another', () => {
    expect(preferredLocale(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(suggestion('en', ['fr-FR', 'en'], none, exists)).toBe('fr');
    expect(suggestion('fr', ['en-GB'], none, exists)).toBe('en');
    expect(suggestion('fr', ['fr-BE'], none, exists)).toBeNull();
  });
  it('never asks again once the visitor has chosen or dismissed it, and never offers a page that does not exist', () => {
    expect(suggestion('en', ['fr'], { choice: 'en', dismissed: false }, exists)).toBeNull();
    expect(suggestion('en', ['fr'], { choice: null, dismissed: true }, exists)).toBeNull();
    expect(suggestion('en', ['fr'], none, () => false)).toBeNull();
  });
});

describe('numbers in French', () => {
  it('formats prices in USD as "2 000 $ US" and shares as "40 %"', () => {
    expect(usdIn('fr', 2000)).toBe('2\u202f000\u00a0$\u00a0US');
    expect(usdIn('fr', 25000)).toBe('25\u202f000\u00a0$\u00a0US');
    expect(percentIn('fr', '40%')).toBe('40\u00a0%');
    expect(usdRangeIn('fr', { min: 2000, max: 12000, openEnded: true })).toBe('2\u202f000\u00a0$\u00a0US – 12\u202f000\u00a0$\u00a0US\u00a0+');
  });
});

describe('the forms in French (shared/i18n/forms)', () => {
  const fr = catalog('fr');
  // The English forms catalog is for translators (English pages read the modules' own text): read it here.
  const en = setupI18n({ locale: 'en', messages: { en: enForms } });
  const translated: FormKind[] = ['contact', 'seo-audit', 'booking', 'career', 'affiliate'];

  it('keep the English of the field definitions and messages word for word in the English catalog', () => {
    for (const kind of translated) {
      const wording = wordingOf(kind, 'en');
      for (const def of formDefinitions[kind].fields) {
        expect(en._(`forms.${kind}.${def.name}.label`)).toBe(def.label);
        if (def.hint) expect(en._(`forms.${kind}.${def.name}.hint`)).toBe(def.hint);
        if (def.required) expect(en._(`forms.${kind}.${def.name}.required`)).toBe(wording.required(def));
        for (const o of def.options ?? []) expect(en._(choiceId(o)), o).toBe(o);
      }
    }
    const english = formMessagesIn('en');
    for (const n of [1, 3]) expect(en._('forms.summary', { count: n })).toBe(english.summary(n));
    for (const key of ['network', 'unavailable', 'unexpected', 'sending', 'requiredNote', 'choose', 'honeypot'] as const) expect(en._(`forms.${key}`)).toBe(english[key]);
  });

  it('translate every label, hint, choice and required message of the translated forms', () => {
    for (const kind of translated) {
      for (const def of formDefinitions[kind].fields) {
        if (def.label !== 'Budget') expect(fieldLabel('fr', kind, def)).not.toBe(def.label);
        if (def.required) expect(wordingOf(kind, 'fr').required(def), `${kind}.${def.name}`).not.toBe(wordingOf(kind, 'en').required(def));
        if (def.hint) expect(fieldHint('fr', kind, def)).not.toBe(def.hint);
        for (const o of def.options ?? []) expect(fr.messages[choiceId(o)], o).toBeTruthy();
      }
    }
  });

  it('split per form kind: each kind\'s catalog holds its own form\'s words, the shared one what every form says', () => {
    const catalogs = formCatalogs('fr');
    const idsOf = (kind: FormKind) => formDefinitions[kind].fields.flatMap((def) => [
      `forms.${kind}.${def.name}.label`, ...(def.hint ? [`forms.${kind}.${def.name}.hint`] : []), ...(def.required ? [`forms.${kind}.${def.name}.required`] : []),
      ...(def.options ?? []).map(choiceId),
    ]);
    for (const kind of formKinds) {
      const own = Object.keys(catalogs[`forms/${kind}`]!);
      expect(own, kind).toEqual(expect.arrayContaining(idsOf(kind)));
      for (const other of formKinds.filter((k) => k !== kind)) expect(own.filter((id) => idsOf(other).includes(id)), `${kind} holds ${other}'s`).toEqual([]);
    }
    const shared = Object.keys(catalogs.forms!);
    for (const key of ['summary', 'sending', 'requiredNote', 'choose', 'error.email']) expect(shared).toContain(`forms.${key}`);
    // The reply promise that the booking and SEO audit pages say too.
    expect(shared).toContain('contact.promise');
  });

  it('word the field errors and the summary in French', () => {
    const result = validateForm('contact', { name: 'A', email: 'nope', message: 'short' }, 'fr');
    expect(result.success ? 'sent' : result.fields).toMatchObject({
      name: 'Veuillez écrire au moins 2 caractères.',
      email: 'Veuillez saisir une adresse e-mail valide, comme nom@exemple.com.',
      service: 'Veuillez choisir un service.',
      message: 'Veuillez écrire au moins 10 caractères.',
    });
    const career = validateForm('career', { name: 'Ama', email: 'ama@example.com', portfolio: 'pas un lien', coverLetter: 'Trop court.' }, 'fr');
    expect(career.success ? 'sent' : career.fields).toEqual({
      area: 'Veuillez choisir un poste ou un domaine.',
      experience: 'Veuillez choisir votre nombre d’années d’expérience.',
      portfolio: expect.stringMatching(/^Veuillez saisir une adresse web valide/),
      coverLetter: 'Veuillez écrire au moins 50 caractères.',
    });
    const partner = validateForm('affiliate', {}, 'fr');
    expect(partner.success ? 'sent' : partner.fields.referralPlan).toBe('Veuillez expliquer comment vous comptez nous recommander des clients.');
    expect(formMessagesIn('fr').summary(1)).toBe('Veuillez corriger 1 champ avant l’envoi\u202f:');
    expect(formMessagesIn('fr').summary(4)).toBe('Veuillez corriger 4 champs avant l’envoi\u202f:');
    // English stays as it was.
    const english = validateForm('contact', { name: 'A' }, 'en');
    expect(english.success ? {} : english.fields).toMatchObject({ name: 'Please write at least 2 characters.', email: 'Please enter your email address.' });
  });

  it('promise the reply in French, with Intl dates', () => {
    // Saturday 28 November 2026, 14:05 UTC = 14:05 in Accra, 15:05 in Paris.
    expect(replyBySentence('2026-11-28T14:05:00Z', 'Africa/Accra', 'fr')).toBe('d’ici samedi 14:05, heure d’Accra');
    expect(replyBySentence('2026-11-28T14:05:00Z', 'Europe/Paris', 'fr')).toBe('d’ici samedi 15:05, heure locale (14:05 à Accra)');
    expect(replyBySentence('2026-11-28T23:30:00Z', 'Europe/Paris', 'fr')).toBe('d’ici dimanche 00:30, heure locale (samedi 23:30 à Accra)');
    expect(fr._('success.replyBy', { when: 'x' })).toBe('Nous vous répondrons x.');
    expect(replyBySentence('2026-11-28T14:05:00Z', 'Europe/Paris')).toBe('by Saturday 15:05 your time (14:05 in Accra)');
  });

  it('tell Accra time in French (the booking request\'s window, the team\'s hours)', () => {
    expect(windowInAccra('2026-10-30', 'Morning (09:00-12:00)', 'America/New_York', 'fr')).toBe('de 13:00 à 16:00 à Accra (GMT)');
    expect(windowInAccra('2026-11-03', 'Morning (09:00-12:00)', 'Pacific/Auckland', 'fr')).toBe('le lundi 2 novembre, de 20:00 à 23:00 à Accra (GMT)');
    expect(teamHoursSentence(null, new Date('2026-11-27T12:00:00Z'), 'fr')).toBe('du lundi au vendredi, de 09:00 à 18:00 à Accra (GMT)');
    expect(teamHoursSentence('Europe/Paris', new Date('2026-11-27T12:00:00Z'), 'fr')).toBe('du lundi au vendredi, de 09:00 à 18:00 à Accra (GMT), soit de 10:00 à 19:00 chez vous');
    expect(teamHoursSentence('Europe/Paris', new Date('2026-11-27T12:00:00Z'))).toBe('Monday to Friday, 09:00–18:00 in Accra (GMT), which is 10:00–19:00 your time');
  });

  it('prefill the WhatsApp message in French with a reference the server reads', () => {
    expect(prefilledText('K7P2QX', 'fr')).toBe('Bonjour Volta Labs\u202f! J’aimerais vous parler d’un projet. (Réf\u202f: K7P2QX)');
    expect(referenceIn(prefilledText('K7P2QX', 'fr'))).toBe('K7P2QX');
    expect(prefilledText('K7P2QX')).toBe("Hello Volta Labs! I'd like to talk about a project. (Ref: K7P2QX)");
  });

  it('take the language of the errors from the page, English for anything else', () => {
    expect(languageOf('fr')).toBe('fr');
    expect(languageOf(' FR ')).toBe('fr');
    expect(languageOf('de')).toBe('en');
    expect(languageOf('fr-FR,fr;q=0.9')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
  });
});
