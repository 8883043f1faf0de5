import type { LeadView } from '../../../shared/admin/leadView.ts';
import { viewParams } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import { withJwt } from '../../auth/session.ts';
import type { AppwritePublicConfig } from '../../../shared/config.ts';
import { saveResponse } from './download.ts';

// "Export CSV": the Worker streams the file (it needs the staff member's JWT, so a plain link cannot ask
// for it); the browser then saves it under the name the Worker gave.
export async function downloadCsv(config: AppwritePublicConfig, userId: string, view: LeadView): Promise<{ ok: true } | { ok: false; message: string }> {
  let res: Response;
  try {
    res = await withJwt(config, userId, (headers) => api.admin.leads.export.$get({ query: viewParams(view) }, { headers: { ...headers, Accept: 'text/csv' } }));
  } catch {
    return { ok: false, message: 'We could not reach the site. Check your connection and try again.' };
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    return { ok: false, message: body?.message ?? 'The export did not work. Please try again in a moment.' };
  }
  await saveResponse(res, 'leads.csv');
  return { ok: true };
}
