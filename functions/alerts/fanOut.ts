import { appConfig } from '../../platform/config.ts';
import { appwriteSettings, serverClient } from '../../platform/appwrite.ts';
import { alertEventFields, alertJobId, parseAlertEventFields } from '../../shared/alerts.ts';
import { recipients } from '../../shared/alerts/settings.ts';
import { createLogger } from '../../shared/log.ts';
import type { Sink } from '../sink.ts';
import { enqueueSubmission } from '../submissions.ts';
import { AlertStore } from './store.ts';

// The `alert-event` job (docs/decisions/0028): who wants this event, each of them one `alert` job under an
// id fixed by the event and the person (shared/alerts.ts alertJobId). A redelivered event, or one raised
// twice, makes the same jobs again, which the ledger then delivers once each.

const log = createLogger(console, { source: 'alerts' });

/** The server's Appwrite store, or an error saying what is missing. */
export function alertStoreOf(env: Env): AlertStore {
  const settings = appwriteSettings(appConfig(env));
  if (!settings?.apiKey) throw new Error('Appwrite is not configured with an API key, so the staff to alert cannot be read.');
  return new AlertStore(serverClient({ ...settings, apiKey: settings.apiKey }), settings.databaseId);
}

/** Alerts need staff accounts, which live in Appwrite: without it there is nobody to alert. */
export const alertsEnabled = (env: Env) => appwriteSettings(appConfig(env)) !== null;

export const alertFanOutSink: Sink = {
  name: 'alert-fan-out',
  idempotent: true,
  enabled: alertsEnabled,
  accepts: (kind) => kind === 'alert-event',
  async deliver(m, env) {
    const event = parseAlertEventFields(m.fields);
    if (!event) throw new Error('The alert event is not readable.');
    const staff = await alertStoreOf(env).staff();
    const people = recipients(event, staff);
    for (const userId of people) {
      await enqueueSubmission(env, log, 'alert', { ...alertEventFields(event), to: userId }, alertJobId(event, userId));
    }
    log.info('alert.fanned_out', { kind: event.kind, leadId: event.leadId, recipients: people.length });
  },
};
