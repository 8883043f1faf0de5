import { describe, expect, it } from 'vitest';
import { estimatePrice } from '../../shared/chat/estimate.ts';
import { localReply } from '../../shared/chat/local.ts';
import { bookingPart, portfolioPart } from '../../shared/chat/tools.ts';
import { WA_TEXT_MAX } from '../../shared/whatsapp/outgoing.ts';
import { absoluteUrl, chosenOption, cutText, markdownToWhatsApp, OPTIONS_INTRO, whatsappText } from '../../shared/whatsapp/plainText.ts';

// The assistant's answers as WhatsApp text (shared/whatsapp/plainText.ts, docs/decisions/0031).

const links = { site: 'https://volta.example' };

describe('markdownToWhatsApp', () => {
  it('renders a table as one line per row, never pipes', () => {
    const md = ['Our prices:', '', '| Project | Price | Weeks |', '|---|:---:|---|', '| Website | $1,500 – $4,000 | 2-4 |', '| **Mobile App** | $8,000 – $25,000 | 8-16 |'].join('\n');
    const out = markdownToWhatsApp(md, links);
    expect(out).toBe(['Our prices:', '', '• Website: Price: $1,500 – $4,000, Weeks: 2-4', '• *Mobile App*: Price: $8,000 – $25,000, Weeks: 8-16'].join('\n'));
    expect(out).not.toContain('|');
  });

  it('writes **bold** as *bold*, *italic* as _italic_, headings as plain lines, lists with bullets and numbers', () => {
    const md = ['## What we do', '', 'We are **fast** and *careful*.', '- Websites', '* Apps', '  - Android', '1. First', '2. Second', '---', '`code` stays words'].join('\n');
    expect(markdownToWhatsApp(md, links)).toBe(
      ['What we do', '', 'We are *fast* and _careful_.', '• Websites', '• Apps', '  • Android', '1. First', '2. Second', 'code stays words'].join('\n'),
    );
  });

  it('turns Markdown links into words and an absolute address on the site', () => {
    expect(markdownToWhatsApp('See [our work](/portfolio) or [book](https://cal.example/x).', links)).toBe(
      'See our work: https://volta.example/portfolio or book: https://cal.example/x.',
    );
  });
});

describe('whatsappText', () => {
  it('gives the estimate in words, the portfolio and booking as links, the chips as numbered options', () => {
    const estimate = estimatePrice({ projectType: 'mobile-app' });
    if (!estimate.ok) throw new Error(estimate.error);
    const out = whatsappText({
      text: 'Here you go:',
      parts: [{ type: 'estimate', estimate: estimate.estimate }, portfolioPart('all', 2), bookingPart({ url: '/booking', external: false })!],
      chips: ['See our work', 'Talk to a person'],
    }, links);
    const [first, second] = portfolioPart('all', 2).projects;
    expect(out).toContain(`Estimate for a ${estimate.estimate.label}: $`);
    expect(out).toContain(`• ${first!.title} (${first!.client}): https://volta.example/portfolio/${first!.slug}`);
    expect(out).toContain(`https://volta.example/portfolio/${second!.slug}`);
    expect(out).toContain('Book a free 30-minute consultation: https://volta.example/booking');
    expect(out.endsWith(`${OPTIONS_INTRO}\n1. See our work\n2. Talk to a person`)).toBe(true);
  });

  it('renders the local assistant\'s answers with absolute links', () => {
    const out = whatsappText(localReply([{ role: 'user', text: 'Show me your portfolio' }], { booking: { url: 'https://cal.example/volta', external: true } }), links);
    expect(out).toMatch(/https:\/\/volta\.example\/portfolio\/[a-z0-9-]+/);
    expect(out).not.toMatch(/\]\(|\|/);
  });

  it('is cut to WA_TEXT_MAX', () => {
    const out = whatsappText({ text: 'word '.repeat(2000), parts: [] }, links);
    expect(out.length).toBeLessThanOrEqual(WA_TEXT_MAX);
    expect(out.endsWith('…')).toBe(true);
    expect(cutText('short')).toBe('short');
  });
});

describe('chosenOption', () => {
  const offered = `Hello!\n\n${OPTIONS_INTRO}\n1. Our services\n2. See our work\n3. Talk to a person`;
  it('maps a bare number to the option offered, and leaves anything else as typed', () => {
    expect(chosenOption('2', offered)).toBe('See our work');
    expect(chosenOption(' 3. ', offered)).toBe('Talk to a person');
    expect(chosenOption('7', offered)).toBe('7');
    expect(chosenOption('2 apps please', offered)).toBe('2 apps please');
    expect(chosenOption('2', 'No options here')).toBe('2');
    expect(chosenOption('2', null)).toBe('2');
  });
});

describe('absoluteUrl', () => {
  it('keeps absolute addresses and resolves paths on the site', () => {
    expect(absoluteUrl('/booking', { site: 'https://volta.example/' })).toBe('https://volta.example/booking');
    expect(absoluteUrl('https://cal.example/a', links)).toBe('https://cal.example/a');
  });
});
