import { createLogger, errorText } from '../shared/log.ts';
import { reconcileRoles } from './admin/reconcileRoles.ts';

// The Worker's Cron Triggers (wrangler.toml [triggers]). One task today: reconciling Appwrite labels with
// the roles (functions/admin/reconcileRoles.ts, docs/decisions/0017).

export async function handleScheduled(controller: ScheduledController, env: Env, _ctx?: ExecutionContext): Promise<void> {
  const log = createLogger(console, { cron: controller.cron });
  try {
    await reconcileRoles(env, log);
  } catch (err) {
    log.error('roles.reconcile_failed', { alert: true, error: errorText(err) });
  }
}
