// The new words of a prospect's reply, without the history their mail program quoted below (or above) it
// and without their signature (docs/decisions/0027-mail-threads.md, "Mail in"). Pure, no I/O.
// Why not a library: email-reply-parser (Crisp, maintained) imports `createRequire` from node:module, which
// the Worker cannot load without nodejs_compat; planer and talon need a DOM or are unmaintained.

/** A line that starts the quoted history: everything from it on is the old thread. */
const HISTORY_STARTS: readonly RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, 27 Nov 2026 at 10:00, Ama <ama@example.com> wrote:"
  /^\s*On\b.{0,300}\bwrote:\s*$/i,
  // Outlook: "-----Original Message-----"; Apple Mail forwards: "Begin forwarded message:"
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^\s*Begin forwarded message:\s*$/i,
];

/** Outlook's header block of the answered message: "From: …" then "Sent:"/"Date:" within a few lines. */
const OUTLOOK_FROM = /^\s*\*?From:\*?\s+\S/i;
const OUTLOOK_SENT = /^\s*\*?(Sent|Date):\*?\s+\S/i;
/** Outlook on the web draws a rule of underscores above that block. */
const RULE = /^\s*_{10,}\s*$/;
/** The signature delimiter (RFC 3676 §4.3: "-- "); many programs trim it to "--". */
const SIGNATURE = /^--\s?$/;
/** A phone's sign-off, dropped when it is the last thing in the message. */
const SENT_FROM = /^\s*Sent from my \S.*$/i;

function historyStart(lines: readonly string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // A long "On … wrote:" may be wrapped over two lines.
    const joined = `${line} ${lines[i + 1] ?? ''}`;
    if (HISTORY_STARTS.some((re) => re.test(line))) return i;
    if (HISTORY_STARTS[0]!.test(joined)) return i;
    if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 5).some((l) => OUTLOOK_SENT.test(l))) {
      return i > 0 && RULE.test(lines[i - 1]!) ? i - 1 : i;
    }
  }
  return lines.length;
}

/**
 * The reply's own text: cut at the quoted history and the signature, `>` lines dropped, blank runs
 * collapsed. When nothing is left (a reply that only quotes), the whole text, so no words are lost.
 */
export function visibleReply(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let kept = lines.slice(0, historyStart(lines));
  const signature = kept.findIndex((l) => SIGNATURE.test(l));
  if (signature >= 0) kept = kept.slice(0, signature);
  kept = kept.filter((l) => !/^\s*>/.test(l));
  while (kept.length && !kept.at(-1)!.trim()) kept.pop();
  if (kept.length && SENT_FROM.test(kept.at(-1)!)) kept.pop();
  const out = kept.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return out || text.trim();
}
