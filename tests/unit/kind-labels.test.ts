import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formDefinitions, formKinds } from '../../shared/forms/index.ts';
import { collectionSpec, submissionCollections } from '../../shared/appwrite/schema.ts';
import { kindInSentence, kindLabel, kindLabels, kindPlural, submissionKinds } from '../../shared/submissionKinds.ts';

// Each kind of request has one name, declared in shared/submissionKinds.ts (issue 25, point 6). The inbox,
// the overview, the dashboard, the CSV, the reports and the e-mails read it from there; none spells it.

const root = resolve(import.meta.dirname, '../..');

/** Names the kinds went by before they had one: none may come back. */
const formerNames = ['Career application', 'Affiliate application', 'Chat enquiry'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every string literal's content and every piece of JSX text in a file, trimmed. */
function texts(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const literals = [...code.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const jsx = [...code.matchAll(/>([^<>{}\n]+)</g)].map((m) => m[1]!);
  return [...literals, ...jsx].map((t) => t.trim()).filter(Boolean);
}

describe('the kinds of request', () => {
  it('each kind has one label, and no two kinds share one', () => {
    expect(Object.keys(kindLabels).sort()).toEqual([...submissionKinds].sort());
    for (const kind of submissionKinds) expect(kindLabels[kind]).toMatch(/^[A-Z][A-Za-z ]+[a-z]$/);
    expect(new Set(Object.values(kindLabels).map((l) => l.toLowerCase())).size).toBe(submissionKinds.length);
  });

  it('uses the names of the product spec (docs/product.md §2 and §6.6)', () => {
    expect(kindLabels.career).toBe('Job application');
    expect(kindLabels.affiliate).toBe('Partner application');
    expect(kindLabels.live).toBe('Live chat');
    expect(kindLabels.lead).toBe('Chat lead');
  });

  it('says a kind inside a sentence, in the plural, and an unknown kind as it is', () => {
    expect(kindInSentence('career')).toBe('job application');
    expect(kindInSentence('seo-audit')).toBe('SEO audit request');
    expect(kindPlural('lead')).toBe('Chat leads');
    expect(kindInSentence('whatsapp')).toBe('WhatsApp');
    expect(kindPlural('whatsapp')).toBe('WhatsApp conversations');
    expect(kindLabel('live')).toBe('Live chat');
    expect(kindLabel('fax')).toBe('fax');
  });

  it('names the Appwrite collections and the e-mail subjects with the same words', () => {
    for (const kind of submissionKinds) expect(collectionSpec(submissionCollections[kind])?.name).toBe(kindPlural(kind));
    const values = { name: 'Ama', role: 'Designer', website: 'https://example.com', date: '2027-01-04' };
    for (const kind of formKinds) expect(formDefinitions[kind].subject(values)).toContain(`New ${kindInSentence(kind)} `);
  });

  it('no file of web/, functions/ or durable/ spells a kind label of its own', () => {
    const labels = new Set([...Object.values(kindLabels), ...submissionKinds.map(kindPlural), ...formerNames].map((l) => l.toLowerCase()));
    const found: string[] = [];
    for (const dir of ['web', 'functions', 'durable']) {
      for (const file of sourceFiles(join(root, dir))) {
        for (const text of texts(readFileSync(file, 'utf8'))) {
          // A kind's own id ('whatsapp', also Meta's messaging_product) is an identifier, not its label.
          if (labels.has(text.toLowerCase()) && !(submissionKinds as readonly string[]).includes(text)) found.push(`${relative(root, file)}: "${text}"`);
        }
      }
    }
    for (const name of formerNames) {
      for (const dir of ['web', 'functions', 'durable', 'shared']) {
        for (const file of sourceFiles(join(root, dir))) {
          if (readFileSync(file, 'utf8').toLowerCase().includes(name.toLowerCase())) found.push(`${relative(root, file)}: ${name}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
