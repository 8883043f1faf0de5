import { Hono } from 'hono';
import { buildReport, reportSince, type Report, type ReportRow } from '../../shared/admin/reports.ts';
import { COLLECTIONS } from '../../shared/appwrite/schema.ts';
import { Q } from '../../platform/appwrite.ts';
import type { AppEnv } from '../env.ts';
import { allow } from './allow.ts';

//   GET /api/admin/reports  staff → Report (shared/admin/reports.ts), the last 12 weeks

/** Appwrite's largest page; the window is read page by page (cursor), only the fields the figures need. */
const PAGE = 5000;
const FIELDS = ['kind', 'name', 'status', 'receivedAt', 'firstResponseAt', 'firstResponseBy', 'firstResponseByName', 'serviceInterest', 'budgetRange', 'archived'];

export const reports = new Hono<AppEnv>()
  .get('/', allow('report.read'), async (c) => {
    const { client, settings } = c.get('appwrite');
    const now = Date.now();
    const rows: ReportRow[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.listDocuments(settings.databaseId, COLLECTIONS.inquiries, [
        Q.greaterThanEqual('receivedAt', reportSince(now)),
        Q.orderAsc('$id'),
        Q.select(['$id', ...FIELDS]),
        Q.limit(PAGE),
        ...(cursor ? [Q.cursorAfter(cursor)] : []),
      ]);
      // Archived leads (an admin's delete) are out of every figure.
      rows.push(...(page.documents.filter((d) => d.archived !== true).map((d) => ({ ...d, id: d.$id })) as unknown as ReportRow[]));
      cursor = page.documents.length === PAGE ? page.documents.at(-1)!.$id : null;
    } while (cursor);
    return c.json<Report, 200>(buildReport(rows, now), 200);
  });
