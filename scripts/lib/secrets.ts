// The Worker's secret variables: the one list (set with `wrangler secret put` in production, .dev.vars
// locally). Everything else in .dev.vars.example is public configuration. tests/site/secrets.test.ts
// checks that no built asset contains any of their values and that .dev.vars.example marks exactly
// these as SECRET.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readVars } from './vars.ts';

export const SECRET_NAMES = ['FORMSUBMIT_ENDPOINT', 'GEMINI_API_KEY', 'APPWRITE_API_KEY', 'REPLY_TOKEN_SECRET', 'VAPID_PRIVATE_KEY', 'WHATSAPP_TOKEN', 'WHATSAPP_APP_SECRET'] as const;

/** Values shorter than this are skipped (they would match by chance); real secrets are far longer. */
export const MIN_SECRET_LENGTH = 8;

export interface SecretValue { name: string; value: string; from: string }

/**
 * The strings to look for: each non-empty secret value from the given files, and for URL values also
 * their last path segment (a FormSubmit endpoint's secret is its token, which could leak on its own).
 */
export function secretValues(files = ['.dev.vars.example', '.dev.vars']): SecretValue[] {
  const out: SecretValue[] = [];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const vars = readVars(file);
    for (const name of SECRET_NAMES) {
      const value = vars[name]?.trim();
      if (!value) continue;
      const candidates = [value];
      if (/^https?:\/\//.test(value)) {
        const last = new URL(value).pathname.split('/').filter(Boolean).pop();
        if (last) candidates.push(decodeURIComponent(last));
      }
      for (const v of candidates) {
        if (v.length >= MIN_SECRET_LENGTH && !out.some((o) => o.value === v)) out.push({ name, value: v, from: file });
      }
    }
  }
  return out;
}

export interface SecretLeak { file: string; name: string; from: string }

/** Every file below `dir` (recursively, any type, compared as bytes) that contains a secret value. */
export function findSecretLeaks(dir: string, secrets: SecretValue[]): SecretLeak[] {
  const leaks: SecretLeak[] = [];
  const needles = secrets.map((s) => ({ ...s, bytes: Buffer.from(s.value, 'utf8') }));
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) {
        const content = readFileSync(path);
        for (const n of needles) {
          if (content.includes(n.bytes)) leaks.push({ file: relative(dir, path), name: n.name, from: n.from });
        }
      }
    }
  };
  walk(dir);
  return leaks;
}
