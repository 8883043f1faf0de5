import { useState } from 'react';
import type { WaHandler } from '../../../shared/whatsapp/inbound.ts';
import { api } from '../../api/client.ts';
import { buttonClass } from '../../ui/kit.tsx';
import { useStaffApi } from '../useStaffApi.ts';

// On a WhatsApp lead's page (docs/decisions/0031, "Assistant and hand-off"): who answers the customer now,
// and the one action that changes it: **Join conversation** (the assistant falls silent; staff answer with
// the WhatsApp composer) or **Hand back to the assistant**.

const said: Record<WaHandler, string> = {
  assistant: 'The assistant answers this customer on WhatsApp.',
  waiting: 'The customer asked for a person on WhatsApp and is waiting. The assistant is silent.',
  staff: 'A person has this WhatsApp conversation. The assistant is silent.',
};

export function WhatsAppHandOff({ leadId, handler, changed }: { leadId: string; handler: WaHandler; changed: () => void }) {
  const run = useStaffApi();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const next: WaHandler = handler === 'staff' ? 'assistant' : 'staff';
  const set = async () => {
    setBusy(true);
    setError(null);
    const out = await run((init) => api.admin['whatsapp-handler'][':id'].$post({ param: { id: leadId }, json: { handler: next === 'staff' ? 'staff' : 'assistant' } }, init));
    setBusy(false);
    if (!out.ok) setError(out.error.message);
    changed();
  };
  return (
    <section aria-labelledby="wa-handler-title" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200" data-wa-handler={handler}>
      <h2 id="wa-handler-title" className="text-lg font-bold text-ink">WhatsApp conversation</h2>
      <p className="mt-2 text-slate-700">{said[handler]}</p>
      <button type="button" className={`mt-3 ${handler === 'staff' ? buttonClass.secondary : buttonClass.primary}`} disabled={busy} onClick={() => void set()}>
        {next === 'staff' ? 'Join conversation' : 'Hand back to the assistant'}
      </button>
      {error ? <p role="alert" className="mt-2 text-sm text-red-700">{error}</p> : null}
    </section>
  );
}
