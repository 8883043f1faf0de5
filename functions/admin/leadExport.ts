import type { Context } from 'hono';
import { csvRow } from '../../shared/admin/csv.ts';
import { fieldLabel } from '../../shared/admin/leadFields.ts';
import { answerWayName, leadKindNames, leadStatusNames } from '../../shared/admin/leads.ts';
import type { LeadView } from '../../shared/admin/leadView.ts';
import { collectionSpec, COLLECTIONS, SUBMISSION_META_KEYS, submissionCollections, submissionKinds, type SubmissionKind } from '../../shared/appwrite/schema.ts';
import { submissionSummary } from '../../shared/appwrite/submissions.ts';
import { errorText } from '../../shared/log.ts';
import { Q, type AppwriteDocument } from '../../platform/appwrite.ts';
import type { AuthEnv } from '../auth.ts';
import { viewFilters, viewOrder } from './leadQueries.ts';
import { toLeadRow } from './leadStore.ts';
import { staffFields } from './staffFields.ts';
import { transcriptText } from '../../shared/chat/transcript.ts';

// GET /api/admin/leads/export: every lead of a view with every field, as CSV, streamed. The inquiries are
// read a page at a time with a cursor (each page's submitted fields with one query per kind on that page),
// and each page is written out before the next is asked for, so 10,000 leads never sit in memory. The
// first page is read before the answer starts: an Appwrite outage is then a 503, not an empty file. A
// failure later ends the download with an error (the browser shows it failed) rather than a short file.

const EXPORT_PAGE = 500;

const leadColumns = [
  ['Lead id', (r: ReturnType<typeof toLeadRow>) => r.id],
  ['Kind', (r) => leadKindNames[r.kind]],
  ['Status', (r) => leadStatusNames[r.status]],
  ['Received', (r) => r.receivedAt],
  ['Reply due', (r) => r.dueAt],
  ['First response', (r) => r.firstResponseAt],
  ['First response by', (r) => r.firstResponseByName],
  ['First response how', (r) => (r.firstResponseVia ? answerWayName(r.firstResponseVia) : null)],
  ['Assignee', (r) => r.assigneeName],
  ['Name', (r) => r.name],
  ['Email', (r) => r.email],
  ['Company', (r) => r.company],
  ['Summary', (r) => r.summary],
  ['Service interest', (r) => r.serviceInterest],
  ['Budget', (r) => r.budgetRange],
] as const satisfies readonly (readonly [string, (r: ReturnType<typeof toLeadRow>) => string | null])[];

/** Every submitted field of every kind, once, in the schema's order (the lead columns cover name and e-mail). */
const fieldColumns: { key: string; label: string }[] = (() => {
  // A conversation's id is a key to it: the CSV carries its reference (staffFields) instead.
  const skip = new Set<string>([...SUBMISSION_META_KEYS, 'name', 'email', 'conversationId']);
  const seen = new Map<string, string>();
  for (const kind of submissionKinds) {
    for (const a of collectionSpec(submissionCollections[kind])?.attributes ?? []) {
      if (!skip.has(a.key) && !seen.has(a.key)) seen.set(a.key, a.key === 'messages' ? 'Chat transcript' : fieldLabel(kind, a.key));
    }
  }
  return [...seen].map(([key, label]) => ({ key, label }));
})();

export const exportHeader = () => csvRow([...leadColumns.map(([label]) => label), ...fieldColumns.map((f) => f.label)]);

export async function exportCsv(c: Context<AuthEnv>, view: LeadView): Promise<Response> {
  const { client, settings } = c.get('appwrite');
  const filters = [...viewFilters(view, c.get('auth').user.id), ...viewOrder(view.sort)];
  const log = c.var.log;

  const page = (cursor: string | null) => client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [
    ...filters, ...(cursor ? [Q.cursorAfter(cursor)] : []), Q.limit(EXPORT_PAGE),
  ]);

  /** The page's rows: each lead with the submitted fields of its record. */
  async function rows(documents: AppwriteDocument[]): Promise<string> {
    const leads = documents.map(toLeadRow);
    const byKind = new Map<SubmissionKind, string[]>();
    for (const l of leads) byKind.set(l.kind, [...(byKind.get(l.kind) ?? []), l.id]);
    const records = new Map<string, Record<string, string>>();
    // Appwrite takes at most 100 values in one query.
    const chunks = [...byKind].flatMap(([kind, ids]) => Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => [kind, ids.slice(i * 100, i * 100 + 100)] as const));
    await Promise.all(chunks.map(async ([kind, ids]) => {
      const list = await client.listDocuments(settings.databaseId, submissionCollections[kind], [Q.equalAny('$id', ids), Q.limit(ids.length)]);
      for (const d of list.documents) records.set(d.$id, staffFields(c.env, submissionSummary(kind, d).fields));
    }));
    return leads.map((l) => {
      const fields = records.get(l.id) ?? {};
      return csvRow([...leadColumns.map(([, cell]) => cell(l)), ...fieldColumns.map((f) => (f.key === 'messages' ? transcriptText(fields.messages) : fields[f.key] ?? ''))]);
    }).join('');
  }

  let next = await page(null);
  const encoder = new TextEncoder();
  let started = false;
  let exported = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${exportHeader()}`));
        }
        const docs = next.documents;
        if (!docs.length) {
          log.info('lead.export', { rows: exported });
          controller.close();
          return;
        }
        const text = await rows(docs);
        exported += docs.length;
        // Ask for the following page only when this one was full.
        const last = docs[docs.length - 1]?.$id;
        next = docs.length === EXPORT_PAGE && last ? await page(last) : { total: 0, documents: [] };
        controller.enqueue(encoder.encode(text));
      } catch (err) {
        log.error('lead.export_failed', { rows: exported, error: errorText(err) });
        controller.error(err);
      }
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    'Cache-Control': 'private, no-store',
  });
}
