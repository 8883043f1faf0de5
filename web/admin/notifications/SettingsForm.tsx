import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { alertKindLabels, type AlertKind } from '../../../shared/alerts.ts';
import type { NotificationSettings } from '../../../shared/alerts/settings.ts';
import { api } from '../../api/client.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { buttonClass, Note, Panel } from '../../ui/kit.tsx';
import { adminKeys } from '../queryKeys.ts';
import { useStaffApi } from '../useStaffApi.ts';
import { useStaffQuery } from '../useStaffQuery.ts';

// What a person is alerted about, their quiet hours and the time zone they are read in (docs/decisions/0028).
// Someone who never saved sees the defaults the Worker applies, with their browser's time zone proposed.

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Accra';
  } catch {
    return 'Africa/Accra';
  }
};
const zones = (current: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
};
const input = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink';

export function SettingsForm() {
  const run = useStaffApi();
  const queryClient = useQueryClient();
  const loaded = useStaffQuery(adminKeys.notificationSettings, (init) => api.admin.notifications.settings.$get(undefined, init));
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [quiet, setQuiet] = useState(false);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; fields?: Record<string, string> } | null>(null);
  const ids = { start: useId(), end: useId(), zone: useId(), quiet: useId() };

  useEffect(() => {
    const s = loaded.data?.settings;
    if (!s || draft) return;
    setDraft({ ...s, timeZone: s.saved ? s.timeZone : browserZone(), quietHours: s.quietHours ?? { start: '22:00', end: '07:00' } });
    setQuiet(!!s.quietHours);
  }, [loaded.data, draft]);
  const zoneList = useMemo(() => (draft ? zones(draft.timeZone) : []), [draft]);

  if (loaded.error) return <Panel id="alert-settings" title="What you are alerted about"><Note tone="error">{loaded.error.message}</Note></Panel>;
  if (!draft || !loaded.data) return <Panel id="alert-settings" title="What you are alerted about"><div className="flex justify-center py-6"><Spinner size="md" label="Loading your settings" /></div></Panel>;

  const toggle = (k: AlertKind) => setDraft({ ...draft, kinds: draft.kinds.includes(k) ? draft.kinds.filter((x) => x !== k) : [...draft.kinds, k] });
  const hours = draft.quietHours ?? { start: '22:00', end: '07:00' };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setOutcome(null);
    const r = await run((init) => api.admin.notifications.settings.$put({ json: { kinds: draft.kinds, quietHours: quiet ? hours : null, timeZone: draft.timeZone } }, init));
    setSaving(false);
    if (!r.ok) return setOutcome({ ok: false, message: r.error.message, fields: r.error.fields });
    queryClient.setQueryData(adminKeys.notificationSettings, r.data);
    setOutcome({ ok: true, message: 'Your notification settings are saved.' });
  };

  return (
    <Panel id="alert-settings" title="What you are alerted about" intro="On every device where notifications are on, or by e-mail when none is.">
      <form onSubmit={(e) => void save(e)} className="space-y-6">
        <fieldset>
          <legend className="font-semibold text-ink">Alert me about</legend>
          <div className="mt-2 space-y-2">
            {loaded.data.eligible.map((k) => (
              <label key={k} className="flex min-h-11 items-center gap-3 text-slate-800">
                <input type="checkbox" className="h-5 w-5" checked={draft.kinds.includes(k)} onChange={() => toggle(k)} />
                {alertKindLabels[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="font-semibold text-ink">Quiet hours</legend>
          <p className="text-sm text-slate-600">Alerts wait until quiet hours end; a visitor waiting for a person is not worth waking for, so that one is dropped.</p>
          <label htmlFor={ids.quiet} className="mt-2 flex min-h-11 items-center gap-3 text-slate-800">
            <input id={ids.quiet} type="checkbox" className="h-5 w-5" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
            Hold alerts during quiet hours
          </label>
          {quiet && (
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.start} className="text-sm font-semibold text-slate-700">From</label>
                <input id={ids.start} type="time" required className={input} value={hours.start} onChange={(e) => setDraft({ ...draft, quietHours: { ...hours, start: e.target.value } })} />
              </div>
              <div>
                <label htmlFor={ids.end} className="text-sm font-semibold text-slate-700">Until</label>
                <input id={ids.end} type="time" required className={input} value={hours.end} onChange={(e) => setDraft({ ...draft, quietHours: { ...hours, end: e.target.value } })} />
              </div>
            </div>
          )}
        </fieldset>
        <div>
          <label htmlFor={ids.zone} className="font-semibold text-ink">Your time zone</label>
          <select id={ids.zone} className={input} value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}>
            {zoneList.map((z) => <option key={z} value={z}>{z.replace(/_/g, ' ')}</option>)}
          </select>
        </div>
        {outcome && <Note tone={outcome.ok ? 'ok' : 'error'}>{outcome.message}</Note>}
        <button type="submit" className={buttonClass.primary} disabled={saving}>{saving ? 'Saving…' : 'Save notification settings'}</button>
      </form>
    </Panel>
  );
}
