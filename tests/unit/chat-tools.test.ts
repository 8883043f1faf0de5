import { describe, expect, it, vi } from 'vitest';
import { executeTool, toolDeclarations, TOOL_NAMES, type LeadOutcome, type ToolContext } from '../../shared/chat/tools.ts';
import { chatRequestSchema, leadSubmissionSchema, pricingSubmissionSchema, requestText } from '../../shared/chat/api.ts';
import { newConversationId } from '../../shared/chat/conversation.ts';
import { aiLeadQueueFields, leadQueueFields, pricingQueueFields } from '../../shared/chat/submissions.ts';
import { estimatePrice } from '../../shared/chat/estimate.ts';
import { decodeTranscript } from '../../shared/chat/transcript.ts';
import { portfolioCards } from '../../shared/content/portfolioCards.ts';

const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({
  booking: { url: '/booking', external: false },
  submitLead: vi.fn(async (): Promise<LeadOutcome> => ({ status: 'filed', id: '19aa0000000abcdef' })),
  ...over,
});

describe('tool declarations', () => {
  it('declares the five tools with their required arguments', () => {
    const byName = Object.fromEntries(toolDeclarations.map((d) => [d.name, d]));
    expect(Object.keys(byName)).toEqual(['submitLead', 'getPriceEstimate', 'getServiceInfo', 'showPortfolio', 'bookConsultation']);
    expect(byName.submitLead!.parametersJsonSchema).toMatchObject({ required: ['name', 'email', 'serviceInterest'] });
    expect(byName.getPriceEstimate!.parametersJsonSchema).toMatchObject({ required: ['projectType'] });
    expect(byName.getServiceInfo!.parametersJsonSchema).toMatchObject({ required: ['department'] });
    expect(byName.showPortfolio!.parametersJsonSchema).toMatchObject({
      properties: { category: { enum: ['web', 'mobile', 'e-commerce', 'nonprofit', 'all'] }, count: { minimum: 1, maximum: 5 } },
    });
  });
});

describe('tool execution', () => {
  it('estimate: a structured range, or Unknown project type', async () => {
    const r = await executeTool(TOOL_NAMES.estimate, { projectType: 'mobile-app', features: ['a', 'b', 'c', 'd', 'e', 'f'], timeline: 'urgent' }, ctx());
    expect(r.part).toEqual({ type: 'estimate', estimate: expect.objectContaining({ min: 15600, max: 46800, weeks: { min: 8, max: 16 } }) });
    expect(r.response).toMatchObject({ minPrice: 15600, maxPrice: 46800, minWeeks: 8, maxWeeks: 16 });
    expect(await executeTool(TOOL_NAMES.estimate, { projectType: 'rocket' }, ctx())).toEqual({ response: { error: 'Unknown project type' } });
  });

  it('services: department with its services and prices, or Department not found', async () => {
    const r = await executeTool(TOOL_NAMES.services, { department: 'devops' }, ctx());
    expect(r.part).toMatchObject({ type: 'department', department: { name: 'DevOps', priceText: '$3,000 – $15,000', weeksText: '2–12 weeks' } });
    expect(r.part?.type === 'department' && r.part.services.map((s) => s.href)).toContain('/services/cicd-pipeline');
    expect(await executeTool(TOOL_NAMES.services, { department: 'catering' }, ctx())).toEqual({ response: { error: 'Department not found' } });
  });

  it('portfolio: default 3, 1–5, filtered by category, cards linking to their pages; arguments outside the declaration go back as errors', async () => {
    const count = async (args: Record<string, unknown>) => {
      const r = await executeTool(TOOL_NAMES.portfolio, args, ctx());
      return r.part?.type === 'portfolio' ? r.part.projects : [];
    };
    expect(await count({})).toHaveLength(3);
    expect(await count({ count: 1 })).toHaveLength(1);
    expect(await count({ count: 5 })).toHaveLength(5);
    for (const n of [0, 9, 2.5]) {
      expect(await executeTool(TOOL_NAMES.portfolio, { count: n }, ctx())).toEqual({ response: { error: 'count must be a whole number from 1 to 5' } });
    }
    expect(await count({ count: 2 })).toHaveLength(2);
    const nonprofit = await count({ category: 'nonprofit', count: 5 });
    expect(nonprofit.length).toBe(portfolioCards.filter((p) => p.category === 'nonprofit').length);
    expect(nonprofit.every((p) => p.category === 'nonprofit' && p.href === `/portfolio/${p.slug}`)).toBe(true);
    expect((await executeTool(TOOL_NAMES.portfolio, {}, ctx())).part).toMatchObject({ category: 'all' });
    expect(await executeTool(TOOL_NAMES.portfolio, { category: 'games' }, ctx()))
      .toEqual({ response: { error: 'category must be one of web, mobile, e-commerce, nonprofit, all' } });
  });

  it('booking: a button to the scheduling page, or the booking error', async () => {
    const r = await executeTool(TOOL_NAMES.booking, {}, ctx({ booking: { url: 'https://calendly.com/volta/30min', external: true } }));
    expect(r.part).toMatchObject({ type: 'booking', url: 'https://calendly.com/volta/30min', external: true, minutes: 30 });
    expect(await executeTool(TOOL_NAMES.booking, {}, ctx({ booking: null })))
      .toEqual({ response: { error: 'Booking system not available. Please visit our contact page.' } });
  });

  it('lead: submits the AI lead fields; failures answer the spec messages', async () => {
    const c = ctx();
    const r = await executeTool(TOOL_NAMES.submitLead, { name: 'Ama', email: 'ama@example.com', serviceInterest: 'SEO', budget: '$25k+', projectDetails: 'Shop SEO' }, c);
    expect(c.submitLead).toHaveBeenCalledWith({ name: 'Ama', email: 'ama@example.com', phone: '', service: 'SEO', budget: '$25k+', timeline: '', message: 'Shop SEO' });
    expect(r.part).toEqual({ type: 'lead', id: '19aa0000000abcdef', name: 'Ama', email: 'ama@example.com' });
    expect(r.response).toMatchObject({ success: true });
    const failing = ctx({ submitLead: async () => { throw new Error('queue down'); } });
    expect(await executeTool(TOOL_NAMES.submitLead, { name: 'Ama', email: 'ama@example.com', serviceInterest: 'SEO' }, failing))
      .toEqual({ response: { error: 'Failed to send notification. Please try the contact form.' } });
    expect((await executeTool(TOOL_NAMES.submitLead, { name: 'Ama', email: 'ama@example.com' }, c)).response).toEqual({ error: 'Missing required argument: serviceInterest' });
    expect((await executeTool(TOOL_NAMES.submitLead, { name: 'Ama', email: 'nope', serviceInterest: 'SEO' }, c)).response)
      .toEqual({ error: "That doesn't look like a valid email address. Could you please provide a valid email?" });
    // The one e-mail rule (shared/email.ts): two addresses are not one, though both hold '@' and '.'.
    expect((await executeTool(TOOL_NAMES.submitLead, { name: 'Jo', email: 'jo@mail.com, jo@work.com', serviceInterest: 'SEO' }, c)).response)
      .toEqual({ error: "That doesn't look like a valid email address. Could you please provide a valid email?" });
    expect(c.submitLead).toHaveBeenCalledTimes(1);
  });

  it('lead: a conversation whose lead is recorded shows nothing and tells the model; over the API limit, the limit message', async () => {
    const args = { name: 'Ama', email: 'ama@example.com', serviceInterest: 'SEO' };
    const recorded = await executeTool(TOOL_NAMES.submitLead, args, ctx({ submitLead: async () => ({ status: 'recorded' }) }));
    expect(recorded).toEqual({ response: { success: false, alreadyRecorded: true, message: expect.stringContaining('already recorded') } });
    expect(await executeTool(TOOL_NAMES.submitLead, args, ctx({ submitLead: async () => ({ status: 'limited', retryAfterSeconds: 42 }) })))
      .toEqual({ response: { error: 'Too many requests. Please try again in 42 seconds.' } });
  });

  it('unknown tools answer Unknown function: {name}', async () => {
    expect(await executeTool('launchRocket', {}, ctx())).toEqual({ response: { error: 'Unknown function: launchRocket' } });
  });
});

describe('wire schemas and queue fields', () => {
  it('chat requests: {message, conversationId?}; a conversation id must look like one this server makes', () => {
    const id = newConversationId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newConversationId()).not.toBe(id);
    expect(chatRequestSchema.safeParse({ message: 'hi' }).success).toBe(true);
    expect(chatRequestSchema.safeParse({ message: 'hi', conversationId: id }).success).toBe(true);
    expect(chatRequestSchema.safeParse({ message: '  ' }).success).toBe(false);
    expect(chatRequestSchema.safeParse({}).success).toBe(false);
    for (const bad of ['', 'x', `${id}x`, id.replace(/.$/, '!'), '../../ledger', 42]) {
      expect(chatRequestSchema.safeParse({ message: 'hi', conversationId: bad }).success, String(bad)).toBe(false);
    }
    expect(chatRequestSchema.safeParse({ message: 'hi', messages: [{ role: 'user', text: 'hi' }] }).success).toBe(false);
    expect(requestText(chatRequestSchema.parse({ messages: [{ role: 'user', text: 'a' }, { role: 'bot', text: 'b' }, { role: 'user', text: ' c ' }] }))).toBe('c');
  });

  it('chat requests (older shape): roles, blank text and the last message are checked', () => {
    expect(chatRequestSchema.safeParse({ messages: [{ role: 'user', text: 'hi' }] }).success).toBe(true);
    expect(chatRequestSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: 'system', text: 'hi' }] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: 'user', text: '  ' }] }).success).toBe(false);
    expect(chatRequestSchema.safeParse({ messages: [{ role: 'user', text: 'hi' }, { role: 'bot', text: 'yo' }] }).success).toBe(false);
  });

  it('lead: the FormSubmit fields of docs/product.md §18', () => {
    const lead = leadSubmissionSchema.parse({ name: 'Ama', email: 'ama@example.com', phone: 'Prefer email', serviceInterest: 'SEO', budgetRange: '$25k+', timeline: 'ASAP', projectSummary: 'x' });
    const f = leadQueueFields(lead, '2026-11-22T08:00:00.000Z');
    expect(Object.keys(f)).toEqual(['name', 'email', 'phone', 'serviceInterest', 'budgetRange', 'timeline', 'projectSummary', 'collectedAt', 'source']);
    expect(f.source).toBe('Chatbot');
    expect(leadSubmissionSchema.safeParse({ email: 'bad' }).error?.issues[0]?.message)
      .toBe("That doesn't look like a valid email address. Could you please provide a valid email?");
  });

  it('pricing: name, email, subject, message, source, timestamp', () => {
    const req = pricingSubmissionSchema.parse({ name: 'Kofi', email: 'k@e.co', projectType: 'Website', features: ['blog'], numberOfPages: '1-5' });
    const est = estimatePrice({ projectType: 'simple-website', features: 1 });
    if (!est.ok) throw new Error();
    const f = pricingQueueFields(req, est.estimate, '2026-11-22T08:00:00.000Z');
    expect(f).toMatchObject({ name: 'Kofi', email: 'k@e.co', subject: 'Pricing request: Website from Kofi', source: 'Chatbot', timestamp: '2026-11-22T08:00:00.000Z' });
    expect(f.message).toContain('$2,000 – $5,000');
  });

  it('AI lead: name, email, phone, service, budget, message', () => {
    const f = aiLeadQueueFields({ name: 'A', email: 'a@b.co', phone: '', service: 'SEO', budget: '', timeline: '', message: 'm' }, 't');
    expect(f).toMatchObject({ name: 'A', email: 'a@b.co', phone: '', service: 'SEO', budget: '', message: 'm' });
  });
});

describe('chat records fit their Appwrite collections', () => {
  it('cuts fields to the attribute sizes; a transcript keeps its end', () => {
    const f = aiLeadQueueFields({ name: 'N'.repeat(300), email: 'a@b.co', phone: '1'.repeat(50), service: 'S'.repeat(100), budget: '', timeline: '', message: 'm'.repeat(6000) }, 't');
    expect(f.name).toHaveLength(100);
    expect(f.phone).toHaveLength(30);
    expect(f.serviceInterest).toHaveLength(60);
    expect(f.projectSummary).toHaveLength(5000);
    // Fields the record does not keep are e-mailed whole.
    expect(f.message).toHaveLength(6000);
    // A transcript the client sends is not taken (docs/decisions/0021); the server's is fitted by whole turns.
    const lead = leadSubmissionSchema.parse({
      email: 'a@b.co', messages: Array.from({ length: 40 }, (_, i) => ({ type: 'user', text: `${i}`.padEnd(1000, '.') })),
    });
    expect(leadQueueFields(lead, 'now')).not.toHaveProperty('messages');
    const transcript = Array.from({ length: 40 }, (_, i) => ({ id: `${i}`, from: 'visitor' as const, text: `${i}`.padEnd(1000, '.'), at: '' }));
    const t = leadQueueFields(lead, 'now', { ref: 'f'.repeat(64), transcript }).messages!;
    expect(t.length).toBeLessThanOrEqual(20000);
    expect(decodeTranscript(t).at(-1)!.text.startsWith('39')).toBe(true);
    const many = pricingSubmissionSchema.parse({ email: 'a@b.co', projectType: 'Web App', features: Array.from({ length: 50 }, () => 'f'.repeat(200)) });
    const est = estimatePrice({ projectType: 'web-app' });
    if (!est.ok) throw new Error();
    expect(pricingQueueFields(many, est.estimate, 'now').features).toHaveLength(2000);
  });
});
