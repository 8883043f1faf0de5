import { env } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import type { ApiError } from '../../shared/api.ts';
import type { ChatResponse } from '../../shared/chat/api.ts';
import type { RecordedRequest, ScriptStep } from '../emulators/gemini/server.ts';
import { accounts, appwriteRest, callApi, documentPath } from './appwrite-helpers.ts';
import type { LeadDetailResponse } from '../../shared/admin/leadView.ts';

// /api/chat in the page's language (docs/decisions/0032, "Chat"): through the real Worker, the local assistant
// without a key and the Gemini stand-in with one; a French chat's lead reaches the inbox marked `fr`.

const gemini = env.GEMINI_BASE_URL;
let n = 0;
const marker = () => `fr${Date.now().toString(36)}x${++n}`;
const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(n * 7) % 250}`;
const post = (path: string, body: unknown, e: Env = env) =>
  worker.fetch(new Request(`http://example.com${path}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() }, body: JSON.stringify(body),
  }), e, createExecutionContext());
const localEnv = { ...env, GEMINI_API_KEY: '' } as Env;
const nbsp = (s: string) => s.replace(/ (?=\$)|(?<=\$) /g, '\u00a0').replace(/(\d) (\d)/g, '$1\u202f$2');

async function script(match: string, responses: ScriptStep[]) {
  const res = await fetch(`${gemini}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ match, responses }) });
  expect(res.status).toBe(200);
}
/** What the Gemini stand-in received: the parts this test reads. */
interface GeminiBody {
  systemInstruction: { parts: { text: string }[] };
  contents: { parts: { functionResponse?: { response: Record<string, unknown> } }[] }[];
}
const instructionOf = (r: RecordedRequest | undefined) => (r!.body as unknown as GeminiBody).systemInstruction.parts[0]!.text;
const recorded = async (match: string) => (await (await fetch(`${gemini}/__requests?match=${match}`)).json()) as RecordedRequest[];

async function inquiry(id: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const doc = await appwriteRest('GET', documentPath('inquiries', id));
    if (doc.status === 200) return doc.body as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no inquiry ${id}`);
}

describe('POST /api/chat with language fr', () => {
  it('the local assistant answers in French, with the estimate in "$ US"', async () => {
    const res = await post('/api/chat', { message: `combien coûte un site web ${marker()}`, language: 'fr' }, localEnv);
    expect(res.status).toBe(200);
    const out = (await res.json()) as ChatResponse;
    expect(out.source).toBe('local');
    expect(out.reply!.text).toContain(nbsp('coûte en général 4 000 $ US – 10 000 $ US'));
    expect(out.reply!.parts[0]).toMatchObject({ type: 'estimate', estimate: { projectType: 'business-website', label: 'site d’entreprise' } });
    // The same question on an English page (no language: English) stays English.
    const en = (await (await post('/api/chat', { message: `how much is a website ${marker()}` }, localEnv)).json()) as ChatResponse;
    expect(en.reply!.text).toMatch(/^A business website with us typically costs \$4,000 – \$10,000/);
  });

  it('refuses a language it does not know (422, the one error shape)', async () => {
    const res = await post('/api/chat', { message: 'bonjour', language: 'de' }, localEnv);
    expect(res.status).toBe(422);
    const body = (await res.json()) as ApiError;
    expect(body.fields?.language).toBe('language must be "en" or "fr"');
  });

  it('tells Gemini to answer in French and gives its tools French results; an English page does not', async () => {
    const m = marker();
    await script(m, [{ functionCall: { name: 'getServiceInfo', args: { department: 'devops' } } }, { text: 'Voici notre pôle DevOps.' }]);
    const res = await post('/api/chat', { message: `Parlez-moi du DevOps ${m}`, language: 'fr' });
    const out = (await res.json()) as ChatResponse;
    expect(out.reply!.text).toBe('Voici notre pôle DevOps.');
    expect(out.reply!.parts[0]).toMatchObject({ type: 'department', department: { id: 'devops', weeksText: '2 à 12\u00a0semaines', priceText: nbsp('3 000 $ US – 15 000 $ US') } });
    const [first, second] = await recorded(m);
    expect(instructionOf(first)).toContain('Always answer in French');
    const response = (second!.body as unknown as GeminiBody).contents.at(-1)!.parts[0]!.functionResponse!.response;
    expect(response.summary).toMatch(/^Pipelines, plateformes cloud/);

    const e = marker();
    await script(e, [{ text: 'Hello.' }]);
    await post('/api/chat', { message: `Hi ${e}` });
    expect(instructionOf((await recorded(e))[0])).not.toContain('French');
  });
});

describe('the error fallbacks on a French page', () => {
  it('a rate-limited or empty Gemini answer gives the French message', async () => {
    const m = marker();
    await script(m, [{ error: 'quota' }, { empty: true }]);
    const limited = (await (await post('/api/chat', { message: `bonjour ${m}`, language: 'fr' })).json()) as ChatResponse;
    expect(limited).toMatchObject({ error: 'rate_limit', reply: { text: 'Je réponds à beaucoup de questions en ce moment. Réessayez dans un instant, ou laissez votre e-mail et un stratège vous recontactera.' } });
    const empty = (await (await post('/api/chat', { message: `encore ${m}`, language: 'fr' })).json()) as ChatResponse;
    expect(empty.reply!.text).toMatch(/^J’ai du mal à joindre notre IA pour le moment/);
  });
});

describe('a French chat that becomes a lead', () => {
  it('marks the inquiry fr: the lead flow in a French conversation, the pricing flow, and the AI lead tool', async () => {
    // The conversation remembers the language it started in: the lead flow's body need not repeat it.
    const started = (await (await post('/api/chat', { message: `Bonjour ${marker()}`, language: 'fr' }, localEnv)).json()) as ChatResponse;
    const lead = await post('/api/chat/lead', {
      name: 'Awa', email: `awa-${marker()}@example.com`, conversationId: started.conversationId, conversationKey: started.conversationKey,
    });
    expect(lead.status).toBe(202);
    const leadId = ((await lead.json()) as { id: string }).id;
    expect(await inquiry(leadId)).toMatchObject({ kind: 'lead', language: 'fr' });
    // Staff read it on the lead (the inbox's FR badge: web/admin/inbox/LanguageBadge.tsx).
    const detail = (await (await callApi(`/api/admin/leads/${leadId}`, { jwt: accounts.moderator.jwt })).json()) as LeadDetailResponse;
    expect(detail.lead.language).toBe('fr');

    const pricing = await post('/api/chat/pricing', { name: 'Awa', email: `awa-${marker()}@example.com`, projectType: 'Application mobile', language: 'fr' });
    expect(pricing.status).toBe(202);
    expect(await inquiry(((await pricing.json()) as { id: string }).id)).toMatchObject({ kind: 'pricing', language: 'fr' });

    const m = marker();
    await script(m, [{ functionCall: { name: 'submitLead', args: { name: 'Koffi', email: `koffi-${m}@example.com`, serviceInterest: 'Site web' } } }, { text: 'C’est transmis.' }]);
    const ai = (await (await post('/api/chat', { message: `Je suis Koffi ${m}`, language: 'fr' })).json()) as ChatResponse;
    expect(await inquiry((ai.reply!.parts[0] as { id: string }).id)).toMatchObject({ kind: 'lead', language: 'fr' });

    // An English lead is not marked.
    const english = await post('/api/chat/lead', { name: 'Yaw', email: `yaw-${marker()}@example.com` });
    const englishId = ((await english.json()) as { id: string }).id;
    expect((await inquiry(englishId)).language ?? null).toBeNull();
    const englishDetail = (await (await callApi(`/api/admin/leads/${englishId}`, { jwt: accounts.moderator.jwt })).json()) as LeadDetailResponse;
    expect(englishDetail.lead.language).toBeUndefined();
  }, 40_000);
});
