// Lingui's catalogs (docs/decisions/0032-french-and-i18n.md). Messages have explicit ids; the English text
// is the `en` catalog's translation, so English and French are edited the same way. `npm run i18n:compile`
// turns both into TypeScript modules next to them (generated, not committed); --strict fails on a message
// missing from a catalog.
export default {
  sourceLocale: 'en',
  locales: ['en', 'fr'],
  catalogs: [{ path: '<rootDir>/shared/i18n/locales/{locale}', include: ['shared', 'web'] }],
  compileNamespace: 'ts',
};
