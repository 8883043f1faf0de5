import { Q, type Query } from '../../platform/appwrite.ts';
import type { LeadSort, LeadView } from '../../shared/admin/leadView.ts';
import { isEmailAddress } from '../../shared/email.ts';

// The inbox's view as Appwrite queries on the `inquiries` collection (docs/decisions/0016): every filter,
// the search and the order of one page in ONE list request, so the page and its cursor come from Appwrite.

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The filters of a view for the staff member `me`. Archived leads are left out. A search that is an
 * e-mail address matches that address exactly (full-text search splits it into words, and "com" would
 * match nearly every lead); anything else is Appwrite's full-text search over name, e-mail, company and
 * message text.
 */
export function viewFilters(view: LeadView, me: string, options: { status?: boolean } = {}): Query[] {
  const q: Query[] = [Q.equal('archived', false)];
  if (view.kind) q.push(Q.equal('kind', view.kind));
  if (view.status && options.status !== false) q.push(Q.equal('status', view.status));
  if (view.assignee === 'unassigned') q.push(Q.isNull('assigneeId'));
  else if (view.assignee === 'me') q.push(Q.equal('assigneeId', me));
  else if (view.assignee && view.assignee !== 'anyone') q.push(Q.equal('assigneeId', view.assignee));
  if (view.from) q.push(Q.greaterThanEqual('receivedAt', `${view.from}T00:00:00.000Z`));
  if (view.to) q.push(Q.lessThan('receivedAt', nextDay(view.to)));
  const term = view.q?.trim();
  if (term) q.push(isEmailAddress(term) ? Q.equal('email', term.toLowerCase()) : Q.search('searchText', term));
  return q;
}

/** Newest first, or the reply due soonest first (the 24-hour promise). */
export const viewOrder = (sort: LeadSort | undefined): Query[] => (sort === 'due' ? [Q.orderAsc('dueAt')] : [Q.orderDesc('receivedAt')]);
