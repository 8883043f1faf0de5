import { describe, expect, it, vi } from 'vitest';

// A French part adds to the French catalog (shared/i18n/frenchParts.ts); it must never stand for the French chunk
// (web/i18n/loadFrenchPart.ts, web/i18n/i18n.ts loadCatalog), whatever the order the app asks for them in. Each
// test starts from fresh modules: nothing French loaded, as on a French page before the app starts.
describe('French parts and the French chunk', () => {
  const fresh = async () => {
    vi.resetModules();
    const catalogs = await import('../../shared/i18n/catalogs.ts');
    expect(catalogs.hasCatalog('fr')).toBe(false);
    return catalogs;
  };

  it('a part fetched first brings the French chunk with it', async () => {
    const { catalog } = await fresh();
    const { loadFrenchPart } = await import('../../web/i18n/loadFrenchPart.ts');
    await loadFrenchPart('form-contact');
    expect(catalog('fr')._('forms.contact.name.label')).toBe('Nom complet');
    expect(catalog('fr')._('frame.loading')).not.toBe('frame.loading');
  });

  it('the French chunk still comes when a part made the French catalog before it', async () => {
    const { catalog } = await fresh();
    await import('../../shared/i18n/fr/chat.ts');
    const { loadCatalog } = await import('../../web/i18n/i18n.ts');
    await loadCatalog('fr');
    expect(catalog('fr')._('frame.loading')).not.toBe('frame.loading');
    expect(catalog('fr')._('chat.ui.send')).toBe('Envoyer');
  });

  it('a page lists its parts, and the dashboard and the chat have theirs', async () => {
    const { frenchPartsOf, chatFrenchPart } = await import('../../shared/i18n/frenchParts.ts');
    expect(frenchPartsOf['career-form']).toEqual(['careers', 'forms', 'form-career']);
    // A form page fetches the words every form shares and its own form's, never another form's.
    expect(frenchPartsOf.contact).toEqual(['forms', 'form-contact']);
    expect(frenchPartsOf.success).not.toContain('form-contact');
    expect(frenchPartsOf.dashboard).toEqual(['account', 'dashboard']);
    expect(frenchPartsOf.home).not.toContain('forms');
    expect(chatFrenchPart).toBe('chat');
  });
});
