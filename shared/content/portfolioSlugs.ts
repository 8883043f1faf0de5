// The portfolio's slugs alone, for the code every page carries (shared/i18n/pages.ts: which paths have a
// French version), without the cards' text. tests/unit/i18n-catalogs.test.ts keeps it equal to portfolioCards.ts.
export const portfolioSlugs: readonly string[] = [
  'helder-cleaning-amsterdam', 'bright-steps-learning-foundation', 'sugarcraft-cakes-online-shop',
  'aquapure-water-delivery-app', 'covenant-light-ministries-website', 'house-of-grace-church-app',
];
