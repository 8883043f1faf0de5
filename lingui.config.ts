// Lingui's catalogs (docs/decisions/0032-french-and-i18n.md), two per language. Messages have explicit ids; the English text
// is the `en` catalog's translation, so English and French are edited the same way. `npm run i18n:compile`
// turns both into TypeScript modules next to them (generated, not committed); --strict fails on a message
// missing from a catalog.
export default {
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [
    // What every page shows (the header, the footer, the mobile menu, cards): part of the app's code.
    { path: '<rootDir>/shared/i18n/locales/{locale}', include: ['web/components'] },
    // One page's own text: English loads with that page's code (shared/i18n/enPages.ts).
    { path: '<rootDir>/shared/i18n/pages/{locale}', include: ['web/pages'] },
    // The chat's (panel, flows, local assistant): French loads with the French chunk (shared/i18n/fr.ts) and,
    // on the server, with the chat route (shared/chat/text.ts); English stays in the chat's own modules.
    { path: '<rootDir>/shared/i18n/chat/{locale}', include: ['web/chat', 'shared/chat'] },
  ],
  compileNamespace: 'ts',
};
