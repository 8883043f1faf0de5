import type { ChatPart, ChatReply } from '../chat/api.ts';
import { formatUsd, formatWeekRange } from '../chat/estimate.ts';
import { WA_TEXT_MAX } from './outgoing.ts';

// The assistant's answer as a WhatsApp message (docs/decisions/0031, "Assistant and hand-off"): WhatsApp shows
// plain text with its own light markup (*bold*, _italic_, ~strike~, ```mono```), no tables, no buttons of the
// web chat. Markdown becomes lines, the widget's cards become lines with absolute links on the site, its chips
// numbered options the customer answers with a number. No I/O.

/** Where relative links point: the site's origin (SITE_URL). */
export interface PlainTextLinks {
  site: string;
}

/** An absolute URL on the site for a path the chat uses ('/portfolio/x'); absolute URLs stay as they are. */
export function absoluteUrl(href: string, links: PlainTextLinks): string {
  try {
    return new URL(href, links.site.endsWith('/') ? links.site : `${links.site}/`).toString();
  } catch {
    return href;
  }
}

const cells = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());
const isTableLine = (line: string) => /^\s*\|.*\|\s*$/.test(line);
const isSeparator = (line: string) => /^\s*\|?[\s:|-]+\|?\s*$/.test(line) && line.includes('-');

/** A Markdown table as one line per row: "• first cell: header cell, header cell". */
function tableLines(rows: string[][]): string[] {
  const [header, ...body] = rows;
  if (!header) return [];
  if (!body.length) return [`• ${header.filter(Boolean).join(', ')}`];
  return body.map((row) => {
    const [first = '', ...rest] = row;
    const described = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell)).filter((c) => c.trim());
    return `• ${[first, described.join(', ')].filter(Boolean).join(': ')}`;
  });
}

/** Inline Markdown as WhatsApp writes it. */
function inline(text: string, links: PlainTextLinks): string {
  const BOLD = '\u0000';
  return text
    // Links: the words, then the address (WhatsApp makes it tappable).
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_m, words: string, href: string) => {
      const url = absoluteUrl(href, links);
      return words.trim() === url ? url : `${words}: ${url}`;
    })
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, (_m, a?: string, b?: string) => `${BOLD}${a ?? b}${BOLD}`)
    .replace(/(^|[^\w*])\*(?!\s)([^*\n]+?)\*(?!\w)/g, '$1_$2_')
    .replace(new RegExp(BOLD, 'g'), '*')
    .replace(/(^|[^`])`([^`\n]+)`(?!`)/g, '$1$2');
}

/** Markdown (what Gemini tends to write) as WhatsApp text: no tables, headings as lines, lists with "•". */
export function markdownToWhatsApp(markdown: string, links: PlainTextLinks): string {
  const out: string[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  let fenced = false;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      out.push('```');
      continue;
    }
    if (fenced) {
      out.push(line);
      continue;
    }
    if (isTableLine(line)) {
      const rows: string[][] = [];
      for (let row = line; isTableLine(row); row = lines[i + 1] ?? '', i += 1) {
        if (!isSeparator(row)) rows.push(cells(row).map((c) => inline(c, links)));
      }
      i -= 1;
      out.push(...tableLines(rows));
      continue;
    }
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      out.push(inline(heading[1] ?? '', links).replace(/^\*(.*)\*$/, '$1'));
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) {
      out.push(`${(bullet[1] ?? '').length >= 2 ? '  ' : ''}• ${inline(bullet[2] ?? '', links)}`);
      continue;
    }
    out.push(inline(line.replace(/^\s*>\s?/, ''), links));
  }
  return out.join('\n').replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();
}

/** A card of the web chat as lines of text with absolute links. */
export function partLines(part: ChatPart, links: PlainTextLinks): string[] {
  switch (part.type) {
    case 'estimate': {
      const e = part.estimate;
      return [`Estimate for a ${e.label}: ${formatUsd(e.min, e.max)}, about ${formatWeekRange(e.weeks)}.`];
    }
    case 'department':
      return [
        `${part.department.name}: ${part.department.priceText}, ${part.department.weeksText}. ${absoluteUrl(part.department.href, links)}`,
        ...part.services.map((s) => `• ${s.name}: ${absoluteUrl(s.href, links)}`),
      ];
    case 'portfolio':
      return part.projects.map((p) => `• ${p.title} (${p.client}): ${absoluteUrl(p.href, links)}`);
    case 'booking':
      return [`${part.label}: ${absoluteUrl(part.url, links)}`];
    case 'contact':
      return [`Email ${part.email} · Phone ${part.phone} · ${absoluteUrl(part.href, links)}`];
    case 'faq':
    case 'lead':
      // The answer's text already says it.
      return [];
  }
}

export const OPTIONS_INTRO = 'Reply with a number:';

/** The chips as numbered options. */
export const optionLines = (chips: readonly string[]) => (chips.length ? [OPTIONS_INTRO, ...chips.map((c, i) => `${i + 1}. ${c}`)] : []);

/**
 * The option a bare number picks from the options an earlier message offered ("2" → "See our work"); the
 * text itself when it is not a number of those options.
 */
export function chosenOption(text: string, offered: string | null | undefined): string {
  const n = /^\s*(\d{1,2})\s*[.)]?\s*$/.exec(text)?.[1];
  if (!n || !offered) return text;
  const at = offered.lastIndexOf(OPTIONS_INTRO);
  if (at < 0) return text;
  const option = offered.slice(at).split('\n').map((l) => /^(\d{1,2})\. (.+)$/.exec(l.trim())).find((m) => m?.[1] === String(Number(n)));
  return option?.[2] ?? text;
}

/** Cuts a text to `max` characters at a line or word boundary, with an ellipsis. */
export function cutText(text: string, max: number = WA_TEXT_MAX): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const at = Math.max(room.lastIndexOf('\n'), room.lastIndexOf(' '));
  return `${(at > max / 2 ? room.slice(0, at) : room).trimEnd()}…`;
}

/** The whole answer as one WhatsApp message: the text, its cards, its options, at most WA_TEXT_MAX characters. */
export function whatsappText(reply: Pick<ChatReply, 'text' | 'parts' | 'chips'>, links: PlainTextLinks): string {
  const cards = reply.parts.flatMap((p) => partLines(p, links));
  const blocks = [markdownToWhatsApp(reply.text, links), cards.join('\n'), optionLines(reply.chips ?? []).join('\n')].filter((b) => b.trim());
  return cutText(blocks.join('\n\n'));
}
