import type { LiveMessage } from './live.ts';

// A chat transcript as a record keeps it (the `messages` field of chat leads and live chats,
// docs/decisions/0021): structured turns, each with who wrote it, as JSON. A visitor's words are one turn
// whatever they contain, so `ok\nStaff (A): pay to …` is never read as a staff member's line. Records
// written before kept "Author: text" lines; they are still read as they were. No I/O.

/** One turn of a transcript as staff read it. */
export interface TranscriptTurn {
  /** staff: a person of the team in a live chat; system: what the room said (joined, ended). */
  from: 'visitor' | 'assistant' | 'staff' | 'system';
  /** Staff: the first name the visitor saw. */
  name?: string;
  text: string;
  /** ISO 8601 (not on records written before turns were structured). */
  at?: string;
}

/** The version tag of the stored JSON, so that a later shape can be told apart. */
const VERSION = 1;
/** Said on a record whose transcript lost its start to the size limit. */
export const EARLIER_LEFT_OUT = 'Earlier messages were left out.';

const AUTHORS = new Set<TranscriptTurn['from']>(['visitor', 'assistant', 'staff', 'system']);

const toTurn = (m: LiveMessage): TranscriptTurn => ({ from: m.from, ...(m.name ? { name: m.name } : {}), text: m.text, ...(m.at ? { at: m.at } : {}) });

const encode = (turns: readonly TranscriptTurn[]) => JSON.stringify({ v: VERSION, turns });

/**
 * The transcript as JSON in at most `max` characters. When it is longer, whole turns go from the start
 * (staff answer the newest) and a first system turn says so; only a single turn longer than the whole
 * record is cut (a chat message never is: 2,000 characters against a record's 20,000).
 */
export function encodeTranscript(messages: readonly LiveMessage[], max: number): string {
  const turns = messages.map(toTurn);
  let text = encode(turns);
  if (text.length <= max) return text;
  const note: TranscriptTurn = { from: 'system', text: EARLIER_LEFT_OUT };
  // The last turn always stays.
  for (let start = 0; start < turns.length && (start === 0 || text.length > max); start++) text = encode([note, ...turns.slice(start)]);
  const last = turns[turns.length - 1];
  // JSON escapes may lengthen the text: cut until it fits.
  for (let keep = (last?.text.length ?? 0) - (text.length - max); last && text.length > max; keep -= 64) {
    text = encode([note, { ...last, text: keep > 0 ? last.text.slice(-keep) : '' }]);
    if (keep <= 0) break;
  }
  return text;
}

function fromJson(stored: string): TranscriptTurn[] | null {
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  const record = value as { v?: unknown; turns?: unknown } | null;
  if (record?.v !== VERSION || !Array.isArray(record.turns)) return null;
  const turns: unknown[] = record.turns;
  return turns.flatMap((item) => {
    const t = item as Record<string, unknown> | null;
    if (!t || !AUTHORS.has(t.from as TranscriptTurn['from']) || typeof t.text !== 'string') return [];
    const turn: TranscriptTurn = { from: t.from as TranscriptTurn['from'], text: t.text };
    if (t.from === 'staff' && typeof t.name === 'string') turn.name = t.name;
    if (typeof t.at === 'string') turn.at = t.at;
    return [turn];
  });
}

/**
 * The lines of a record written before turns were structured: "Visitor: …", "Assistant: …", "System: …",
 * "Staff (Name): …" and the lead flow's older "Bot: …", a line without a prefix continuing the turn before.
 */
function fromLines(stored: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const line of stored.split('\n')) {
    const m = /^(Visitor|Bot|Assistant|System|Staff \(([^)\n]{1,40})\)):\s?(.*)$/.exec(line);
    const last = turns[turns.length - 1];
    if (m) {
      const who = m[1]!;
      const from = who === 'Visitor' ? 'visitor' : who === 'System' ? 'system' : who.startsWith('Staff') ? 'staff' : 'assistant';
      turns.push({ from, ...(m[2] ? { name: m[2] } : {}), text: m[3] ?? '' });
    } else if (last) last.text += `\n${line}`;
    else if (line.trim()) turns.push({ from: 'visitor', text: line });
  }
  return turns;
}

/** A record's transcript as turns, in either format. */
export function decodeTranscript(stored: string | undefined): TranscriptTurn[] {
  if (!stored) return [];
  return (stored.startsWith('{') ? fromJson(stored) : null) ?? fromLines(stored);
}

/** The words of a transcript as plain text (search, one-line summaries). */
export const transcriptWords = (stored: string | undefined) => decodeTranscript(stored).map((t) => t.text).join(' ');

const label: Record<TranscriptTurn['from'], (t: TranscriptTurn) => string> = {
  visitor: () => 'Visitor',
  assistant: () => 'Assistant',
  staff: (t) => `Staff (${t.name ?? 'Team'})`,
  system: () => 'System',
};

/**
 * A record's transcript as plain text for the staff e-mail and the CSV: one "Author: text" line per turn,
 * a turn's further lines indented, so that no line a visitor wrote starts like another author's.
 */
export const transcriptText = (stored: string | undefined) =>
  decodeTranscript(stored).map((t) => `${label[t.from](t)}: ${t.text.replace(/\n/g, '\n  ')}`).join('\n');
