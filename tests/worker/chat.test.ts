import { env, exports } from 'cloudflare:workers';
import { createExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../functions/index.ts';
import { geminiReply } from '../../functions/ai/assistant.ts';
import type { ApiError } from '../../shared/api.ts';
import type { ChatResponse, ChatTurn } from '../../shared/chat/api.ts';
import { chatMessages } from '../../shared/chat/messages.ts';
import type { RecordedRequest, ScriptStep } from '../emulators/gemini/server.ts';
import { waitForDelivery } from './helpers.ts';
import { appwriteRest, documentPath } from './appwrite-helpers.ts';

/** The Appwrite record the queue consumer writes (after the e-mail), polled for a few seconds. */
async function waitForRecord(collectionId: string, id: string) {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const doc = await appwriteRest('GET', documentPath(collectionId, id));
    if (doc.status === 200) return doc.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${collectionId} record ${id}`);
}

// POST /api/chat through the real Worker against the Gemini emulator (tests/emulators/gemini), with the
// real RateLimiter Durable Object, queue and consumer. Each test marks its messages with a unique marker
// so that its script and recorded requests are its own.

const gemini = env.GEMINI_BASE_URL;
let counter = 0;
const marker = () => `m${Date.now().toString(36)}x${(counter += 1)}`;
const freshIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(counter += 1) % 250}`;

async function script(match: string, responses: ScriptStep[]) {
  const res = await fetch(`${gemini}/__script`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ match, responses }) });
  expect(res.status).toBe(200);
}
const recorded = async (match: string) => (await (await fetch(`${gemini}/__requests?match=${match}`)).json()) as RecordedRequest[];

const chat = (body: unknown, headers: Record<string, string> = {}, path = '/api/chat') =>
  exports.default.fetch(`http://example.com${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const ask = async (text: string, history: ChatTurn[] = []) => {
  const res = await chat({ messages: [...history, { role: 'user', text }] });
  expect(res.status).toBe(200);
  return (await res.json()) as ChatResponse & { error?: string };
};

describe('POST /api/chat with Gemini', () => {
  it('sends the last 12 messages, the systemInstruction, the five tools and the generationConfig, with the key in a header', async () => {
    const m = marker();
    await script(m, [{ text: 'We build websites in Accra.' }]);
    const history: ChatTurn[] = Array.from({ length: 13 }, (_, i) => ({ role: i % 2 ? 'bot' : 'user', text: `message ${i}` }));
    const out = await ask(`Tell me more ${m}`, history);
    expect(out).toEqual({ reply: { text: 'We build websites in Accra.', parts: [] }, source: 'gemini' });

    const [req] = await recorded(m);
    expect(req!.model).toBe('gemini-2.5-flash');
    expect(req!.apiKey).toBe(env.GEMINI_API_KEY);
    const body = req!.body as Record<string, any>;
    const expected = [...history, { role: 'user', text: `Tell me more ${m}` }].slice(-12)
      .map((t) => ({ role: t.role === 'user' ? 'user' : 'model', parts: [{ text: t.text }] }));
    expect(body.contents).toEqual(expected);
    expect(body.contents[0].parts[0].text).toBe('message 2');
    expect(body.generationConfig).toEqual({ temperature: 0.7, maxOutputTokens: 800, topP: 0.95, topK: 40 });
    expect(body.tools[0].functionDeclarations.map((d: { name: string }) => d.name))
      .toEqual(['submitLead', 'getPriceEstimate', 'getServiceInfo', 'showPortfolio', 'bookConsultation']);
    expect(body.tools[0].functionDeclarations[0].parameters.required).toEqual(['name', 'email', 'serviceInterest']);
    const instruction = body.systemInstruction.parts[0].text as string;
    expect(instruction).toContain('Volta Labs');
    expect(instruction).toContain('Volta Assistant');
    expect(instruction).toContain('within 24 hours');
    expect(instruction).toContain('DevOps ($3,000 – $15,000, 2–12 weeks)');
  });

  it('runs the tool loop on the server: the model turn goes back intact (thought signature), then a functionResponse', async () => {
    const m = marker();
    await script(m, [
      { functionCall: { name: 'getPriceEstimate', args: { projectType: 'mobile-app', features: ['a', 'b', 'c', 'd'], timeline: 'urgent' } }, thoughtSignature: 'c2lnbmF0dXJlLTE=' },
      { text: 'A mobile app like that costs about $13,800 to $41,400.' },
    ]);
    const out = await ask(`How much for an app? ${m}`);
    expect(out.reply!.text).toBe('A mobile app like that costs about $13,800 to $41,400.');
    expect(out.reply!.parts).toEqual([{ type: 'estimate', estimate: expect.objectContaining({ projectType: 'mobile-app', min: 13800, max: 41400, weeks: { min: 8, max: 16 } }) }]);

    const reqs = await recorded(m);
    expect(reqs).toHaveLength(2);
    const contents = (reqs[1]!.body as { contents: unknown[] }).contents;
    expect(contents.slice(-2)).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'getPriceEstimate', args: { projectType: 'mobile-app', features: ['a', 'b', 'c', 'd'], timeline: 'urgent' } }, thoughtSignature: 'c2lnbmF0dXJlLTE=' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'getPriceEstimate', response: expect.objectContaining({ minPrice: 13800, maxPrice: 41400, minWeeks: 8, maxWeeks: 16 }) } }] },
    ]);
  });

  it('portfolio, department and booking tools reach the widget as structured parts; unknown tools and bad arguments go back as errors', async () => {
    const m = marker();
    await script(m, [
      { functionCall: { name: 'showPortfolio', args: { category: 'mobile', count: 5 } } },
      { functionCall: { name: 'getServiceInfo', args: { department: 'catering' } } },
      { functionCall: { name: 'launchRocket', args: {} } },
      { functionCall: { name: 'bookConsultation', args: {} } },
    ]);
    const out = await ask(`Show me apps ${m}`);
    expect(out.reply!.parts.map((p) => p.type)).toEqual(['portfolio', 'booking']);
    const portfolio = out.reply!.parts[0]!;
    expect(portfolio.type === 'portfolio' && portfolio.projects.every((p) => p.category === 'mobile' && p.href.startsWith('/portfolio/'))).toBe(true);
    expect(out.reply!.parts[1]).toEqual({ type: 'booking', url: '/booking', external: false, label: 'Book a free 30-minute consultation', minutes: 30 });
    // Four model calls at most per message: the booking call is answered but not sent back again.
    const reqs = await recorded(m);
    expect(reqs).toHaveLength(4);
    const lastUser = (r: RecordedRequest) => (r.body as { contents: { parts: { functionResponse?: { response: unknown } }[] }[] }).contents.at(-1)!.parts[0]!.functionResponse!.response;
    expect(lastUser(reqs[2]!)).toEqual({ error: 'Department not found' });
    expect(lastUser(reqs[3]!)).toEqual({ error: 'Unknown function: launchRocket' });
    // Nothing the model said: no text, but the parts are shown.
    expect(out.reply!.text).toBe('');
  });

  it('the lead tool puts the lead on the queue and FormSubmit gets name, email, phone, service, budget, message, _subject', async () => {
    const m = marker();
    await script(m, [
      { functionCall: { name: 'submitLead', args: { name: 'Esi Asante', email: 'esi@example.com', phone: '+233 20 000 0000', serviceInterest: 'Mobile App', budget: '$10k - $25k', projectDetails: 'A delivery app' } } },
      { text: 'Thanks Esi, the team will reply within 24 hours.' },
    ]);
    const out = await ask(`I'm Esi ${m}`);
    const lead = out.reply!.parts[0]!;
    expect(lead).toMatchObject({ type: 'lead', name: 'Esi Asante', email: 'esi@example.com' });
    const got = await waitForDelivery(lead.type === 'lead' ? lead.id : '');
    expect(got.fields).toMatchObject({
      name: 'Esi Asante', email: 'esi@example.com', phone: '+233 20 000 0000', service: 'Mobile App', budget: '$10k - $25k', message: 'A delivery app',
      _subject: 'New lead submission from Esi Asante', kind: 'lead', source: 'AI assistant',
    });
  });

  it.each([
    ['api-key', chatMessages.aiApiKey, 'api_key'],
    ['quota', chatMessages.aiRateLimit, 'rate_limit'],
    ['internal', chatMessages.aiHiccup, 'unknown'],
  ] as const)('a %s error answers its chat message', async (error, text, kind) => {
    const m = marker();
    await script(m, [{ error }]);
    expect(await ask(`hello ${m}`)).toEqual({ reply: { text, parts: [] }, source: 'gemini', error: kind });
  });

  it('a dropped connection answers the check-your-connection message; an empty answer the default AI failure', async () => {
    const m = marker();
    await script(m, [{ drop: true }, { empty: true }]);
    expect(await ask(`hello ${m}`)).toEqual({ reply: { text: chatMessages.aiNetwork, parts: [] }, source: 'gemini', error: 'network' });
    expect(await ask(`hello again ${m}`)).toEqual({ reply: { text: chatMessages.aiFailure, parts: [] }, source: 'gemini' });
    expect(chatMessages.aiFailure).toBe("I'm having trouble reaching our AI brain right now, but I'd still love to help. Could you share more about your goals, budget, and timeline so a strategist can follow up?");
    expect(chatMessages.aiApiKey).toMatch(/API configuration/);
    expect(chatMessages.aiNetwork).toMatch(/check your connection/);
  });

  it.each([
    [{ blockReason: 'SAFETY' }], [{ finishReason: 'SAFETY', text: 'partial' }], [{ finishReason: 'RECITATION', text: 'copied' }],
  ] as ScriptStep[][])('a blocked answer (%o) shows nothing', async (step) => {
    const m = marker();
    await script(m, [step]);
    const out = await ask(`something ${m}`);
    expect(out).toEqual({ reply: null, source: 'gemini', blocked: step.blockReason ?? step.finishReason });
  });

  it('a slow answer still arrives', async () => {
    const m = marker();
    await script(m, [{ text: 'Worth the wait.', delayMs: 1500 }]);
    expect((await ask(`slow ${m}`)).reply!.text).toBe('Worth the wait.');
  });

  it('a request cancelled while Gemini is thinking shows nothing', async () => {
    const m = marker();
    await script(m, [{ text: 'Too late.', delayMs: 1500 }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = Date.now();
    const out = await geminiReply([{ role: 'user', text: `cancel ${m}` }], { apiKey: env.GEMINI_API_KEY, model: 'gemini-2.5-flash', baseUrl: gemini }, 'Volta Assistant',
      { booking: null, submitLead: async () => ({ id: 'x' }) }, controller.signal);
    expect(out).toEqual({ reply: null, source: 'gemini' });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('the key never reaches the browser', async () => {
    const m = marker();
    await script(m, [{ error: 'api-key' }]);
    const res = await chat({ messages: [{ role: 'user', text: `key? ${m}` }] });
    expect(await res.text()).not.toContain(env.GEMINI_API_KEY);
  });
});

describe('POST /api/chat without a key: the local assistant', () => {
  const local = async (text: string) => {
    const m = marker();
    const res = await worker.fetch(new Request('http://example.com/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ messages: [{ role: 'user', text: `${text} ${m}` }] }),
    }), { ...env, GEMINI_API_KEY: '' } as Env, createExecutionContext());
    expect(res.status).toBe(200);
    expect(await recorded(m)).toEqual([]);
    return (await res.json()) as ChatResponse;
  };

  it('answers from the site content through the same tools, without calling Gemini', async () => {
    const est = await local('How much is an e-commerce site?');
    expect(est.source).toBe('local');
    expect(est.reply!.parts[0]).toMatchObject({ type: 'estimate', estimate: { projectType: 'e-commerce', min: 8000, max: 20000 } });
    expect((await local('Show me your portfolio')).reply!.parts[0]).toMatchObject({ type: 'portfolio' });
    expect((await local('I want to book a consultation')).reply!.parts[0]).toMatchObject({ type: 'booking', url: '/booking' });
    expect((await local('Tell me about DevOps')).reply!.parts[0]).toMatchObject({ type: 'department', department: { id: 'devops' } });
  });
});

describe('the booking tool with a scheduling page configured', () => {
  it('offers the BOOKING_URL as an external link', async () => {
    const m = marker();
    await script(m, [{ functionCall: { name: 'bookConsultation', args: { topic: 'An app' } } }, { text: 'Here you go.' }]);
    const res = await worker.fetch(new Request('http://example.com/api/chat', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': freshIp() },
      body: JSON.stringify({ messages: [{ role: 'user', text: `book ${m}` }] }),
    }), { ...env, BOOKING_URL: 'https://calendly.com/voltalabs/30min' } as Env, createExecutionContext());
    const out = (await res.json()) as ChatResponse;
    expect(out.reply).toEqual({ text: 'Here you go.', parts: [{ type: 'booking', url: 'https://calendly.com/voltalabs/30min', external: true, label: 'Book a free 30-minute consultation', minutes: 30 }] });
  });
});

describe('POST /api/chat refuses bad input with JSON', () => {
  it('415, 400 and 422 with a message; other methods 405', async () => {
    const notJson = await exports.default.fetch('http://example.com/api/chat', { method: 'POST', headers: { 'CF-Connecting-IP': freshIp() }, body: 'hi' });
    expect(notJson.status).toBe(415);
    const broken = await chat('{"messages": [');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as ApiError).message).toBe('The request body is not valid JSON.');
    for (const [body, message] of [
      [{}, 'messages: messages must be a list of {role, text}'],
      [{ messages: [] }, 'messages: messages must not be empty'],
      [{ messages: [{ role: 'system', text: 'x' }] }, 'messages.0.role: role must be "user" or "bot"'],
      [{ messages: [{ role: 'user', text: '   ' }] }, 'messages.0.text: text must not be blank'],
      [{ messages: [{ role: 'user', text: 'hi' }, { role: 'bot', text: 'yo' }] }, 'messages: the last message must be the visitor\'s (role "user")'],
      [{ messages: Array.from({ length: 25 }, () => ({ role: 'user', text: 'hi' })) }, 'messages: messages must hold at most 24 entries'],
      [{ messages: [{ role: 'user', text: 'x'.repeat(2001) }] }, 'messages.0.text: text must be at most 2000 characters'],
    ] as const) {
      const res = await chat(body);
      expect(res.status).toBe(422);
      expect(((await res.json()) as ApiError).message).toBe(message);
    }
    // A trailing slash is not another way in (it would skip the chatbot limit).
    expect((await chat({ messages: [{ role: 'user', text: 'hi' }] }, {}, '/api/chat/')).status).toBe(404);
    const get = await exports.default.fetch('http://example.com/api/chat', { headers: { 'CF-Connecting-IP': freshIp() } });
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ error: 'method_not_allowed' });
  });
});

describe('the chatbot rate limit', () => {
  it('allows 20 messages a minute per visitor and answers the 21st with 429 and the spec message', async () => {
    const ip = freshIp();
    for (let i = 1; i <= 20; i++) {
      const res = await chat({ messages: [{ role: 'user', text: `hello ${i}` }] }, { 'CF-Connecting-IP': ip });
      expect(res.status, `request ${i}`).toBe(200);
    }
    const res = await chat({ messages: [{ role: 'user', text: 'one more' }] }, { 'CF-Connecting-IP': ip });
    expect(res.status).toBe(429);
    // A burst of 20 waits until the first of them is a minute old (sliding window, docs/decisions/0010):
    // longer than the 30 s block, which is what requests spread over the minute get.
    const seconds = Number(res.headers.get('Retry-After'));
    expect(seconds).toBeGreaterThanOrEqual(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await res.json()).toEqual({ error: 'rate_limited', message: `Too many requests. Please try again in ${seconds} seconds.`, retryAfter: seconds });
    // Another visitor is not affected.
    expect((await chat({ messages: [{ role: 'user', text: 'hi' }] })).status).toBe(200);
  });
});

describe('POST /api/chat/lead and /api/chat/pricing', () => {
  it('a completed lead flow is queued and mailed with the lead fields of spec.md section 7', async () => {
    const res = await chat({ name: 'Yaw Darko', email: 'yaw@example.com', phone: 'Prefer email', serviceInterest: 'SEO', budgetRange: 'Under $5k', timeline: 'ASAP', projectSummary: 'Rank our bakery' }, {}, '/api/chat/lead');
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const got = await waitForDelivery(id);
    expect(got.fields).toMatchObject({
      name: 'Yaw Darko', email: 'yaw@example.com', phone: 'Prefer email', serviceInterest: 'SEO', budgetRange: 'Under $5k', timeline: 'ASAP',
      projectSummary: 'Rank our bakery', collectedAt: expect.stringMatching(/^\d{4}-/), source: 'Chatbot', kind: 'lead',
    });
    expect(await waitForRecord('leads', id)).toMatchObject({
      $id: id, name: 'Yaw Darko', email: 'yaw@example.com', phone: 'Prefer email', serviceInterest: 'SEO', budgetRange: 'Under $5k',
      timeline: 'ASAP', projectSummary: 'Rank our bakery', status: 'new',
    });
  });

  it('a completed pricing flow is queued with name, email, subject, message, source, timestamp and answers the estimate', async () => {
    const res = await chat({ name: 'Abena', email: 'abena@example.com', projectType: 'Website', features: ['blog', 'contact form'], numberOfPages: '6-10' }, {}, '/api/chat/pricing');
    expect(res.status).toBe(202);
    const body = (await res.json()) as { id: string; estimate: { projectType: string; min: number } };
    expect(body.estimate).toMatchObject({ projectType: 'business-website', min: 4000 });
    const got = await waitForDelivery(body.id);
    expect(got.fields).toMatchObject({
      name: 'Abena', email: 'abena@example.com', subject: 'Pricing request: Website from Abena', source: 'Chatbot',
      timestamp: expect.stringMatching(/^\d{4}-/), message: expect.stringContaining('$4,000 – $10,000'), kind: 'pricing',
    });
    expect(await waitForRecord('pricing_requests', body.id)).toMatchObject({
      $id: body.id, name: 'Abena', email: 'abena@example.com', projectType: 'Website', features: 'blog, contact form', numberOfPages: '6-10', status: 'new',
    });
  });

  it('refuses an invalid email with the spec message', async () => {
    const res = await chat({ name: 'A', email: 'not-an-email' }, {}, '/api/chat/lead');
    expect(res.status).toBe(422);
    expect(((await res.json()) as ApiError).message).toBe("email: That doesn't look like a valid email address. Could you please provide a valid email?");
  });
});
