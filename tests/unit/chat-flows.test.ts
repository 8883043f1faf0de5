import { describe, expect, it } from 'vitest';
import {
  afterReply, budgetChoices, declinesName, initialFlowState, isFlowActive, isNoDetails, isNoSummary, leadStep, mentionsPricing,
  pageChoices, parseFeatures, phoneChips, pricingStep, projectTypeChoices, routeInput, savedLeadRecord, serviceChoices,
  shouldStartLead, startLead, startPricing, timelineChoices, type FlowState,
} from '../../shared/chat/flows.ts';
import { chatMessages, NO_NOTES, NONE_PROVIDED, PREFER_EMAIL } from '../../shared/chat/messages.ts';

const INVALID = "That doesn't look like a valid email address. Could you please provide a valid email?";

/** Feeds answers one by one, returning every result. */
function run(start: FlowState, answers: string[], step = leadStep) {
  let state = start;
  const results = [];
  for (const a of answers) {
    const r = step(state, a);
    results.push(r);
    state = r.state;
  }
  return { state, results, last: results.at(-1)! };
}

describe('lead flow start', () => {
  it('starts after more than 3 messages, when idle and nothing collected', () => {
    const s = initialFlowState();
    expect(shouldStartLead(s, 3)).toBe(false);
    expect(shouldStartLead(s, 4)).toBe(true);
    expect(afterReply(s, 3)).toBeNull();
    const started = afterReply(s, 4)!;
    expect(started.state.lead.step).toBe('name');
    expect(started.botMessages[0]!.text).toMatch(/name/i);
  });

  it('does not start when a lead was collected (restored lead starts at complete) or the flow is not idle', () => {
    const restored = initialFlowState({ name: 'Ama', email: 'ama@example.com', collected: true });
    expect(restored.lead.step).toBe('complete');
    expect(shouldStartLead(restored, 10)).toBe(false);
    const inName = startLead(initialFlowState()).state;
    expect(shouldStartLead(inName, 10)).toBe(false);
    const pricing = startPricing(initialFlowState()).state;
    expect(shouldStartLead(pricing, 10)).toBe(false);
  });

  it('a stored lead that was not collected starts idle with its info', () => {
    const s = initialFlowState({ name: 'Kofi', collected: false });
    expect(s.lead.step).toBe('idle');
    expect(s.lead.info.name).toBe('Kofi');
  });
});

describe('lead flow steps', () => {
  const named = () => startLead(initialFlowState()).state;

  it('walks name → email → phone → service → budget → timeline → summary → complete and submits the lead', () => {
    const { results, state } = run(named(), ['Ama Mensah', 'ama@example.com', '+233 24 123 4567', 'Web Development', '$5k - $10k', '1-2 months', 'An online shop for cassava flour']);
    expect(results.map((r) => r.state.lead.step)).toEqual(['email', 'phone', 'service', 'budget', 'timeline', 'summary', 'complete']);
    expect(results[0]!.botMessages[0]!.text).toContain('Ama Mensah');
    expect(results[1]!.botMessages[0]!.chips).toEqual(['Prefer email only', 'Skip this step']);
    expect(results[2]!.botMessages[0]!.chips).toEqual([...serviceChoices]);
    expect(results[3]!.botMessages[0]!.chips).toEqual([...budgetChoices]);
    expect(results[4]!.botMessages[0]!.chips).toEqual([...timelineChoices]);
    expect(serviceChoices).toEqual(['Web Development', 'Mobile App', 'SEO', 'Branding', 'Digital Marketing', 'Automation']);
    expect(budgetChoices).toEqual(['Under $5k', '$5k - $10k', '$10k - $25k', '$25k+', 'Not sure yet']);
    expect(timelineChoices).toEqual(['ASAP', '1-2 months', '3-6 months', 'Flexible timeline']);
    expect(state.lead.info).toEqual({
      name: 'Ama Mensah', email: 'ama@example.com', phone: '+233 24 123 4567', company: '', collected: true,
      serviceInterest: 'Web Development', budgetRange: '$5k - $10k', timeline: '1-2 months', projectSummary: 'An online shop for cassava flour',
    });
    const done = results.at(-1)!;
    expect(done.effects).toEqual([{ type: 'submitLead', lead: state.lead.info }]);
    expect(done.botMessages.at(-1)!.text).toContain('within 24 hours');
    expect(results.slice(0, -1).every((r) => r.effects.length === 0)).toBe(true);
  });

  it("'rather' or 'not' at the name step skips to email without a name", () => {
    for (const t of ["I'd rather not say", 'not now', 'Rather not']) {
      const r = leadStep(named(), t);
      expect(r.state.lead.step).toBe('email');
      expect(r.state.lead.info.name).toBe('');
    }
    expect(declinesName('Notah Owusu')).toBe(false);
    expect(leadStep(named(), 'Notah Owusu').state.lead.info.name).toBe('Notah Owusu');
  });

  it('email needs both @ and . or the bot says the spec message and stays', () => {
    const atEmail = leadStep(named(), 'Ama').state;
    for (const bad of ['ama.example.com', 'ama@example', 'ama', 'jo@mail.com, jo@work.com', 'jo@mail.com?bcc=x@evil.io']) {
      const r = leadStep(atEmail, bad);
      expect(r.state.lead.step).toBe('email');
      expect(r.botMessages).toEqual([{ text: INVALID }]);
      expect(chatMessages.invalidEmail).toBe(INVALID);
    }
    expect(leadStep(atEmail, 'a@b.co').state.lead.step).toBe('phone');
    expect(leadStep(atEmail, '  a@b.co ').state.lead.step).toBe('phone');
  });

  it("phone is optional: the chips or text with prefer/skip record 'Prefer email'", () => {
    const atPhone = run(named(), ['Ama', 'ama@example.com']).state;
    expect(atPhone.lead.step).toBe('phone');
    for (const t of [...phoneChips, 'I prefer not', 'skip it', 'SKIP']) {
      const r = leadStep(atPhone, t);
      expect(r.state.lead.info.phone).toBe(PREFER_EMAIL);
      expect(r.state.lead.step).toBe('service');
    }
    expect(PREFER_EMAIL).toBe('Prefer email');
    expect(leadStep(atPhone, '024 000 0000').state.lead.info.phone).toBe('024 000 0000');
  });

  it("summary with 'no' or shorter than 3 characters means no notes", () => {
    const atSummary = run(named(), ['Ama', 'ama@example.com', 'skip', 'SEO', 'Not sure yet', 'ASAP']).state;
    expect(atSummary.lead.step).toBe('summary');
    for (const t of ['no', 'No thanks', 'ok', 'x']) expect(leadStep(atSummary, t).state.lead.info.projectSummary).toBe(NO_NOTES);
    expect(isNoSummary('abc')).toBe(false);
    expect(isNoSummary('ab')).toBe(true);
    expect(leadStep(atSummary, 'Innovation hub website').state.lead.info.projectSummary).toBe('Innovation hub website');
  });

  it('input at idle or complete changes nothing', () => {
    const idle = initialFlowState();
    expect(leadStep(idle, 'hello')).toEqual({ state: idle, botMessages: [], effects: [] });
    const complete = initialFlowState({ collected: true });
    expect(leadStep(complete, 'hello').state).toBe(complete);
  });
});

describe('pricing flow', () => {
  it('starts on price, pricing, quote, cost, how much or estimate, unless a request was collected', () => {
    for (const t of ['What are your prices?', 'pricing', 'Can I get a quote', 'What does it cost', 'How much for an app?', 'an estimate please', 'ESTIMATED budget']) {
      expect(mentionsPricing(t)).toBe(true);
      const r = routeInput(initialFlowState(), t);
      expect(r.handled).toBe(true);
      expect(r.state.pricing.step).toBe('pricing-name');
    }
    for (const t of ['Show me your portfolio', 'hello', 'Which services do you offer?']) {
      expect(routeInput(initialFlowState(), t).handled).toBe(false);
    }
    const collected = run(startPricing(initialFlowState()).state, ['Ama', 'ama@example.com', 'Mobile App', 'login', 'none'], pricingStep).state;
    expect(collected.pricing.info.collected).toBe(true);
    expect(routeInput(collected, 'how much again?').handled).toBe(false);
  });

  it('Website: name → email → type → features → pages → complete with an estimate in dollars and weeks', () => {
    const { results, state } = run(startPricing(initialFlowState()).state,
      ['Kofi', 'kofi@example.com', 'Website', 'contact form, blog', '1-5'], pricingStep);
    expect(results.map((r) => r.state.pricing.step)).toEqual(['pricing-email', 'pricing-type', 'pricing-features', 'pricing-pages', 'pricing-complete']);
    expect(results[1]!.botMessages[0]!.chips).toEqual(['Website', 'Mobile App', 'Web App', 'E-commerce', 'Custom Software']);
    expect(projectTypeChoices).toEqual(['Website', 'Mobile App', 'Web App', 'E-commerce', 'Custom Software']);
    expect(results[3]!.botMessages[0]!.chips).toEqual(['1-5', '6-10', '11-20', '20+', 'Not sure']);
    expect(pageChoices).toEqual(['1-5', '6-10', '11-20', '20+', 'Not sure']);
    const done = results.at(-1)!;
    expect(done.botMessages[0]!.text).toBe('Here is a first estimate for your simple website: $2,000 – $5,000, delivered in about 2-4 weeks.');
    expect(done.botMessages[0]!.estimate).toMatchObject({ projectType: 'simple-website', min: 2000, max: 5000 });
    expect(done.botMessages.at(-1)!.text).toContain('within 24 hours');
    expect(state.pricing.info).toEqual({
      name: 'Kofi', email: 'kofi@example.com', projectType: 'Website', features: ['contact form', 'blog'], numberOfPages: '1-5',
      additionalDetails: NONE_PROVIDED, collected: true,
    });
    expect(done.effects).toEqual([{ type: 'submitPricing', request: state.pricing.info, estimate: done.botMessages[0]!.estimate }]);
  });

  it('Web App goes to pages (contains web); E-commerce, Mobile App and Custom Software go to details', () => {
    const atFeatures = (type: string) => run(startPricing(initialFlowState()).state, ['A', 'a@b.co', type], pricingStep).state;
    expect(pricingStep(atFeatures('Web App'), 'x').state.pricing.step).toBe('pricing-pages');
    expect(pricingStep(atFeatures('my company site'), 'x').state.pricing.step).toBe('pricing-pages');
    for (const t of ['E-commerce', 'Mobile App', 'Custom Software']) expect(pricingStep(atFeatures(t), 'x').state.pricing.step).toBe('pricing-details');
  });

  it("details: 'none' or text with skip means none provided; features drive the multiplier", () => {
    const atDetails = run(startPricing(initialFlowState()).state, ['A', 'a@b.co', 'Mobile App', 'login, chat, payments, maps'], pricingStep).state;
    expect(atDetails.pricing.step).toBe('pricing-details');
    expect(atDetails.pricing.info.features).toHaveLength(4);
    for (const t of ['none', 'None', 'skip', 'please skip this']) expect(pricingStep(atDetails, t).state.pricing.info.additionalDetails).toBe(NONE_PROVIDED);
    expect(isNoDetails('none at all')).toBe(false);
    const r = pricingStep(atDetails, 'Must work offline');
    expect(r.state.pricing.info.additionalDetails).toBe('Must work offline');
    // 4 features: ×1.15 on 10000–30000.
    expect(r.botMessages[0]!.estimate).toMatchObject({ projectType: 'mobile-app', min: 11500, max: 34500, weeks: { min: 8, max: 16 } });
  });

  it('the pricing email rule is the same as the lead one', () => {
    const atEmail = pricingStep(startPricing(initialFlowState()).state, 'Ama').state;
    const r = pricingStep(atEmail, 'ama-at-example');
    expect(r.botMessages).toEqual([{ text: INVALID }]);
    expect(r.state.pricing.step).toBe('pricing-email');
  });

  it('parses features from free text', () => {
    expect(parseFeatures('login, payments; chat\nmaps and search')).toEqual(['login', 'payments', 'chat', 'maps', 'search']);
    expect(parseFeatures('not sure')).toEqual([]);
  });
});

describe('flow routing', () => {
  it('while a flow is active, input goes to the flow, not the AI; idle/complete goes to the AI', () => {
    const lead = startLead(initialFlowState()).state;
    expect(isFlowActive(lead)).toBe(true);
    const r = routeInput(lead, 'How much does it cost?');
    expect(r.handled).toBe(true);
    expect(r.state.lead.step).toBe('email');
    expect(r.state.pricing.step).toBe('idle');
    const pricing = startPricing(initialFlowState()).state;
    const p = routeInput(pricing, 'Ama');
    expect(p.handled && p.state.pricing.step).toBe('pricing-email');
    const complete = initialFlowState({ collected: true });
    expect(isFlowActive(complete)).toBe(false);
    expect(routeInput(complete, 'tell me about devops').handled).toBe(false);
  });

  it('blank input is ignored', () => {
    const s = initialFlowState();
    expect(routeInput(s, '   ')).toEqual({ handled: true, state: s, botMessages: [], effects: [] });
  });
});

describe('saved lead record', () => {
  it('has the fields of docs/product.md §17.2', () => {
    const info = run(startLead(initialFlowState()).state, ['Ama', 'ama@example.com', 'skip', 'SEO', '$25k+', 'ASAP', 'no']).state.lead.info;
    const rec = savedLeadRecord('abc', info, [{ type: 'user', text: 'hi' }], new Date('2026-11-22T08:00:00Z'));
    expect(rec).toEqual({
      id: 'abc', name: 'Ama', email: 'ama@example.com', phone: 'Prefer email', serviceInterest: 'SEO', budgetRange: '$25k+', timeline: 'ASAP',
      projectSummary: NO_NOTES, source: 'Chatbot', date: '2026-11-22T08:00:00.000Z', messages: [{ type: 'user', text: 'hi' }], status: 'New',
    });
  });
});

describe('widget timing', () => {
  it('reply delay 700 ms, step delays 800 to 1200 ms', async () => {
    const { BOT_REPLY_DELAY_MS, flowStepDelay } = await import('../../shared/chat/flows.ts');
    expect(BOT_REPLY_DELAY_MS).toBe(700);
    expect([0, 0.5, 0.999999, 1].map(flowStepDelay)).toEqual([800, 1000, 1200, 1200]);
  });
});
