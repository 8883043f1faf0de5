import { describe, expect, it } from 'vitest';
import { addCatalog, catalog } from '../../shared/i18n/catalogs.ts';

// The Worker's forms and chat each bring their French messages (functions/forms.ts, shared/i18n/allCatalogs.ts),
// in whichever order their modules load: the second must not be dropped.
describe('addCatalog', () => {
  it("merges a part's messages into a catalog another part made first", () => {
    addCatalog('fr', { 'test.first': 'premier' });
    addCatalog('fr', { 'test.second': 'second' });
    expect(catalog('fr')._('test.first')).toBe('premier');
    expect(catalog('fr')._('test.second')).toBe('second');
  });
});
