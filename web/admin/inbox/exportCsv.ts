import type { LeadView } from '../../../shared/admin/leadView.ts';
import { viewParams } from '../../../shared/admin/leadView.ts';
import { api } from '../../api/client.ts';
import type { AppwritePublicConfig } from '../../../shared/config.ts';
import { downloadFile } from '../saveFile.ts';

// "Export CSV": the Worker streams the file (it needs the staff member's JWT, so a plain link cannot ask
// for it); the browser then saves it under the name the Worker gave.
export const downloadCsv = (config: AppwritePublicConfig, userId: string, view: LeadView) =>
  downloadFile(config, userId, (headers) => api.admin.leads.export.$get({ query: viewParams(view) }, { headers: { ...headers, Accept: 'text/csv' } }),
    'leads.csv', 'The export did not work. Please try again in a moment.');
