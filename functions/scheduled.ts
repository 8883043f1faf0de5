import { createLogger, errorText } from '../shared/log.ts';
import { reconcileRoles } from './admin/reconcileRoles.ts';
import { escalatePromises } from './promise/escalate.ts';
import { pruneWaRefs } from './whatsapp/prune.ts';

// The Worker's Cron Triggers (wrangler.toml [triggers]), one task per schedule:
// - every 5 minutes: the reply promise's escalation at 75 % and 100 % (functions/promise/escalate.ts,
//   docs/decisions/0029), so an alert is at most 5 minutes late;
// - every 15 minutes: reconciling Appwrite labels with the roles (functions/admin/reconcileRoles.ts,
//   docs/decisions/0017), which needs no more; and removing wa.me references older than the conversations
//   they carried (functions/whatsapp/prune.ts).

export const ESCALATION_CRON = '*/5 * * * *';
export const RECONCILE_CRON = '*/15 * * * *';

export async function handleScheduled(controller: ScheduledController, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const log = createLogger(console, { cron: controller.cron });
  if (controller.cron === ESCALATION_CRON) {
    try {
      await escalatePromises(env, log, controller.scheduledTime);
    } catch (err) {
      log.error('promise.escalation_run_failed', { alert: true, error: errorText(err) });
    }
    return;
  }
  try {
    await reconcileRoles(env, log);
  } catch (err) {
    log.error('roles.reconcile_failed', { alert: true, error: errorText(err) });
  }
  try {
    await pruneWaRefs(env, log, controller.scheduledTime);
  } catch (err) {
    log.error('whatsapp.ref_prune_run_failed', { error: errorText(err) });
  }
}
