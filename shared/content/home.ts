import { en } from '../i18n/catalogs.ts';
import '../i18n/enPages.ts';

// Copy of the home page: its text is in the catalogs (shared/i18n/locales/*.po), English read here from the
// `en` one. Numbers and the tagline come from shared/site.ts.
export const home = {
  hero: {
    eyebrow: en._('home.hero.eyebrow'),
    title: en._('home.hero.title'),
    lead: en._('home.hero.lead'),
    primaryCta: en._('home.hero.primaryCta'),
    secondaryCta: en._('home.hero.secondaryCta'),
  },
  claimsLabel: en._('home.claimsLabel'),
  claims: [
    { key: 'clients', label: en._('home.claims.clients') },
    { key: 'projects', label: en._('home.claims.projects') },
    { key: 'countries', label: en._('home.claims.countries') },
  ] as const,
  departments: { title: en._('home.departments.title'), intro: en._('home.departments.intro') },
  services: { title: en._('home.services.title'), intro: en._('home.services.intro') },
  work: { title: en._('home.work.title'), intro: en._('home.work.intro') },
  process: { title: en._('home.process.title'), intro: en._('home.process.intro') },
  testimonials: { title: en._('home.testimonials.title') },
  cta: { title: en._('home.cta.title'), text: en._('home.cta.text') },
} as const;
