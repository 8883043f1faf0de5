import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Device } from '../../../shared/alerts/api.ts';
import { api } from '../../api/client.ts';
import { useConfig } from '../../config.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, formatDate, Note, Panel } from '../../ui/kit.tsx';
import { AdminSection } from '../AdminSection.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';
import { currentSubscription, pushSupport, PushRefused, subscribe } from './pushDevice.ts';
import { SettingsForm } from './SettingsForm.tsx';

// /admin/notifications (docs/decisions/0028): this device's notifications on or off, the person's devices,
// and what they are alerted about, when (quiet hours) and in which time zone. Each person sees only their own.

type Outcome = { ok: boolean; message: string } | null;

export default function NotificationsPage() {
  const config = useConfig();
  const run = useStaffApi();
  const queryClient = useQueryClient();
  const devices = useStaffQuery(adminKeys.notificationDevices, (init) => api.admin.notifications.devices.$get(undefined, init));
  const [onHere, setOnHere] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const support = typeof window === 'undefined' ? 'unsupported' : pushSupport();
  const statusId = useId();

  useEffect(() => {
    void currentSubscription().then((s) => setOnHere(!!s)).catch(() => setOnHere(false));
  }, []);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.notificationDevices });

  const register = (sub: PushSubscriptionJSON) => run((init) => api.admin.notifications.devices.$post({
    json: { endpoint: sub.endpoint ?? '', expirationTime: sub.expirationTime ?? null, keys: { p256dh: sub.keys?.p256dh ?? '', auth: sub.keys?.auth ?? '' } },
  }, init));

  const act = async (work: () => Promise<Outcome>) => {
    setPending(true);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (err) {
      setOutcome({ ok: false, message: err instanceof PushRefused ? err.message : 'This browser could not set up notifications. Try again, or use another browser.' });
    }
    setPending(false);
    refresh();
  };

  const turnOn = () => act(async () => {
    if (!config?.vapidPublicKey) return { ok: false, message: 'Notifications are not configured on this site yet.' };
    const r = await register(await subscribe(config.vapidPublicKey));
    if (!r.ok) return { ok: false, message: r.error.message };
    setOnHere(true);
    return { ok: true, message: `Notifications are on for this device (${r.data.label}).` };
  });

  const turnOff = () => act(async () => {
    const sub = await currentSubscription();
    if (sub) {
      // The server knows the device by its subscription: registering it again answers its id.
      const known = await register(sub.toJSON());
      if (known.ok) {
        const removed = await run((init) => api.admin.notifications.devices[':id'].$delete({ param: { id: known.data.id } }, init));
        if (!removed.ok) return { ok: false, message: removed.error.message };
      }
      await sub.unsubscribe();
    }
    setOnHere(false);
    return { ok: true, message: 'Notifications are off for this device.' };
  });

  const remove = (d: Device) => act(async () => {
    const r = await run((init) => api.admin.notifications.devices[':id'].$delete({ param: { id: d.id } }, init));
    if (!r.ok) return { ok: false, message: r.error.message };
    return { ok: true, message: `${d.label || 'The device'} no longer gets notifications.` };
  });

  const list = devices.data?.devices ?? null;
  return (
    <AdminSection title="Notifications" intro="Alerts reach you on your devices even with no admin page open. Without a device, they come by e-mail.">
      <Panel id="this-device" title="This device">
        <div className="space-y-4">
          <p id={statusId} className="text-slate-700">
            {support === 'unsupported' ? 'This browser cannot show notifications from websites. On an iPhone or iPad, add this site to the Home Screen first.'
              : support === 'denied' ? 'Notifications are blocked for this site. Allow them in the browser\'s site settings to turn them on.'
              : !config?.vapidPublicKey ? 'Notifications are not configured on this site yet.'
              : onHere === null ? 'Checking this device…'
              : onHere ? 'Notifications are on for this device.' : 'Notifications are off for this device.'}
          </p>
          {support === 'supported' && config?.vapidPublicKey && onHere !== null && (
            <div className="flex flex-wrap gap-3">
              {onHere
                ? <button type="button" className={buttonClass.secondary} disabled={pending} aria-describedby={statusId} onClick={() => void turnOff()}>Turn off on this device</button>
                : <button type="button" className={buttonClass.primary} disabled={pending} aria-describedby={statusId} onClick={() => void turnOn()}>Turn on notifications</button>}
            </div>
          )}
          {outcome && <Note tone={outcome.ok ? 'ok' : 'error'}>{outcome.message}</Note>}
        </div>
      </Panel>

      <Panel id="devices" title="Your devices" intro="Every device where you turned notifications on. Remove one you no longer use.">
        {devices.error ? <Note tone="error">{devices.error.message}</Note>
          : !list ? <div className="flex justify-center py-6"><Spinner size="md" label="Loading your devices" /></div>
          : list.length === 0 ? <p className="text-slate-600">No device yet: alerts come to you by e-mail.</p>
          : (
            <ul className="divide-y divide-slate-200">
              {list.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">{d.label || 'A device'}</p>
                    <p className="text-sm text-slate-600">
                      Added <time dateTime={d.createdAt}>{formatDate(d.createdAt)}</time>
                      {d.lastOkAt ? <> · last alert <time dateTime={d.lastOkAt}>{formatDate(d.lastOkAt)}</time></> : null}
                    </p>
                  </div>
                  <button type="button" className={buttonClass.danger} disabled={pending} aria-label={`Remove ${d.label || 'device'} added ${formatDate(d.createdAt)}`} onClick={() => void remove(d)}>Remove</button>
                </li>
              ))}
            </ul>
          )}
      </Panel>

      <SettingsForm />
    </AdminSection>
  );
}
