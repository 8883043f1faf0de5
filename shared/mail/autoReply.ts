// Whether a message was sent by a machine on the prospect's side (an out-of-office answer, a list), from
// its headers (RFC 3834 Auto-Submitted, and the older X-Autoreply, X-Autorespond and Precedence). Such a
// message is kept on the lead but is not the prospect answering: no "Replied by prospect", no alert.
// Pure, no I/O.

export function isAutoReply(headers: readonly { key: string; value: string }[]): boolean {
  const value = (name: string) => headers.find((h) => h.key.toLowerCase() === name)?.value.trim().toLowerCase();
  const submitted = value('auto-submitted');
  if (submitted && submitted !== 'no') return true;
  if (value('x-autoreply') !== undefined || value('x-autorespond') !== undefined) return true;
  return ['auto_reply', 'bulk', 'junk', 'list'].includes(value('precedence') ?? '');
}
