import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../shared/i18n/allCatalogs.ts';
import { accounts } from '../../shared/content/accounts.ts';
import { say } from '../../shared/i18n/say.ts';
import { hasVersionIn, localizedHref } from '../../shared/i18n/pages.ts';
import { kindLabels } from '../../shared/submissionKinds.ts';
import { authErrors, describeAuthError } from '../../web/auth/errors.ts';
import { checkCode, checkEmail, checkNewPassword, checkPhone, formMessages, formMessagesIn } from '../../web/auth/validation.ts';
import { authMessages, authNotices } from '../../web/auth/controller.ts';
import { returnUrls } from '../../web/auth/urls.ts';
import { apiFallbacks, statusNames } from '../../web/dashboard/api.ts';
import { shellRoute } from '../../shared/routes.ts';

// The account side's catalogs (shared/i18n/account/*.po, and the dashboard's in account/dashboard): its English is the code's own, word for word (read from
// every `t('account.…', '…')` call and the message tables), and its French is what a French page shows.

const root = resolve(import.meta.dirname, '../..');

/** msgid → msgstr of one PO file. */
function po(locale: string): Record<string, string> {
  const text = ['account', 'account/pages', 'account/dashboard'].map((dir) => readFileSync(join(root, `shared/i18n/${dir}/${locale}.po`), 'utf8')).join('\n');
  return Object.fromEntries([...text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)].map((m) => [JSON.parse(m[1]!), JSON.parse(m[2]!)]).filter(([id]) => id));
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(f) ? [p] : [];
  });

/** The English the code states for each id: the literal of each `t('account.x', …)`, else the accounts copy. */
function englishInCode(): Map<string, string> {
  const out = new Map<string, string>();
  const add = (id: string, english: string) => {
    expect(out.get(id) ?? english, `${id} has two English texts`).toBe(english);
    out.set(id, english);
  };
  const at = (path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], accounts);
  for (const file of [...walk(join(root, 'web')), ...walk(join(root, 'shared'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bt|say\(\w+,)\s*\(?\s*'(account\.[\w.-]+)',\s*(?:'((?:[^'\\]|\\.)*)'|([\w.]+))/g)) {
      const [, id, literal] = m;
      const english = literal !== undefined ? literal.replace(/\\'/g, "'") : at(id!.slice('account.'.length));
      expect(typeof english, `${file}: ${id}`).toBe('string');
      add(id!, english as string);
    }
  }
  const tables: [string, Record<string | number, unknown>][] = [
    ['error', authErrors], ['form', formMessages], ['notice', authNotices], ['message', authMessages],
    ['kind', kindLabels], ['status', statusNames], ['api', apiFallbacks],
  ];
  for (const [prefix, table] of tables) for (const [k, v] of Object.entries(table)) if (typeof v === 'string') add(`account.${prefix}.${k}`, v);
  return out;
}

describe('the account catalog', () => {
  const en = po('en');
  const fr = po('fr');

  it('states in English exactly what the code says, no more, no less (besides the French routes\' titles)', () => {
    const code = englishInCode();
    const accountIds = Object.keys(en).filter((id) => id.startsWith('account.'));
    expect(accountIds.sort()).toEqual([...code.keys()].sort());
    for (const [id, english] of code) expect(en[id], id).toBe(english);
    expect(code.size).toBeGreaterThan(200);
  });

  it('renders French through the catalog, English from the code (placeholders filled)', () => {
    expect(say('en', 'account.field.passwordHint', 'At least {min} characters.', { min: 8 })).toBe('At least 8 characters.');
    expect(say('fr', 'account.field.passwordHint', 'At least {min} characters.', { min: 8 })).toBe('Au moins 8 caractères.');
    expect(say('fr', 'account.nope', 'Stays English')).toBe('Stays English');
    expect(say('fr', 'account.signIn.forgot', 'Forgot password?')).toBe('Mot de passe oublié\u202f?');
  });

  it('words the account errors and the form checks in French on a French page, in English elsewhere', () => {
    const wrong = { type: 'user_invalid_credentials', code: 401 };
    expect(describeAuthError(wrong, 'sign-in')).toEqual({ message: authErrors.wrongPassword, field: 'password' });
    expect(describeAuthError(wrong, 'sign-in', 'fr')).toEqual({ message: fr['account.error.wrongPassword'], field: 'password' });
    expect(fr['account.error.wrongPassword']).toMatch(/^Adresse e-mail ou mot de passe incorrect/);
    expect(describeAuthError(new Error('offline'), 'sign-up', 'fr').message).toBe(fr['account.error.network']);
    expect(checkEmail('nope', 'fr')).toBe(fr['account.form.email']);
    expect(checkNewPassword('short', 'fr')).toBe('Utilisez au moins 8 caractères.');
    expect(checkPhone('12', 'fr')).toBe(fr['account.form.phone']);
    expect(checkCode('12', 'fr')).toBe(fr['account.form.code']);
    expect(formMessagesIn('fr').required('Mot de passe')).toBe('Saisissez votre mot de passe.');
    expect(formMessagesIn('en')).toBe(formMessages);
    expect(checkEmail('nope')).toBe(formMessages.email);
  });

  it('routes the account pages and the dashboard in French; the admin area stays English', () => {
    for (const path of ['/sign-in', '/sign-up', '/verify-email', '/verify-phone', '/auth/reset-password']) expect(hasVersionIn('fr', path), path).toBe(true);
    expect(localizedHref('fr', '/dashboard')).toBe('/fr/dashboard');
    expect(localizedHref('en', '/dashboard')).toBe('/dashboard');
    expect(localizedHref('fr', '/admin')).toBe('/admin');
    expect(shellRoute('/fr/dashboard')).toMatchObject({ locale: 'fr', indexable: false });
    expect(shellRoute('/fr/dashboard').description).not.toBe(shellRoute('/dashboard').description);
  });

  it('sends the links of a French page\'s account e-mails back to French pages', () => {
    expect(returnUrls('https://example.com/fr')).toEqual({
      verifyEmail: 'https://example.com/fr/verify-email',
      resetPassword: 'https://example.com/fr/auth/reset-password',
      magicLink: 'https://example.com/fr/sign-in',
      oauthSuccess: 'https://example.com/fr',
      oauthFailure: 'https://example.com/fr/sign-in?oauth=failed',
    });
    expect(returnUrls('https://example.com').oauthSuccess).toBe('https://example.com/');
  });
});
