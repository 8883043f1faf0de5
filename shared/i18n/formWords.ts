import type { Messages } from '@lingui/core';
import type { FormKind } from '../submissionKinds.ts';
import { messages as shared } from './forms/fr.ts';
import { messages as contact } from './forms/contact/fr.ts';
import { messages as career } from './forms/career/fr.ts';
import { messages as affiliate } from './forms/affiliate/fr.ts';
import { messages as seoAudit } from './forms/seo-audit/fr.ts';
import { messages as booking } from './forms/booking/fr.ts';
import { messages as success } from './forms/success/fr.ts';

// Every form's French at once (shared/i18n/forms/**/fr.po), for code that may answer any form: the Worker
// (functions/forms.ts) and the server render (./allCatalogs.ts). The browser fetches them part by part instead
// (./frenchParts.ts). A Record over FormKind, so a new form kind without its catalog fails the type check.
const byKind: Record<FormKind, Messages> = { contact, career, affiliate, 'seo-audit': seoAudit, booking };

export const frenchFormWords: Messages = Object.assign({}, shared, success, ...Object.values(byKind));
