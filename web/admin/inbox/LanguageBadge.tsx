import type { LeadRow } from '../../../shared/admin/leadView.ts';

// The prospect's language when it is not English (docs/decisions/0032, "Chat"): staff see "FR" and screen readers
// hear "French", so the answer goes out in the language the prospect wrote in.
export function LanguageBadge({ lead }: { lead: Pick<LeadRow, 'language'> }) {
  if (lead.language !== 'fr') return null;
  return (
    <span data-language="fr" className="ml-2 inline-block rounded bg-indigo-100 px-1.5 py-0.5 text-xs font-semibold text-indigo-900 no-underline">
      <span aria-hidden="true">FR</span>
      <span className="sr-only">French</span>
    </span>
  );
}
