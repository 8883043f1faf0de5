import { useId, useState } from 'react';
import { ANSWER_WAYS, answerWayName, answerWayNames, clockRuns, type AnswerWay } from '../../../shared/admin/leads.ts';
import type { LeadRow } from '../../../shared/admin/leadView.ts';
import { buttonClass, formatDate } from '../../ui/kit.tsx';
import { Select } from '../../ui/controls.tsx';

// The lead's 24-hour promise on the lead page (docs/decisions/0029): answered (when, by whom, how), or
// running, with the way to record an answer given outside the product. Marking Contacted without saying
// how changes the status only: the clock keeps running, and this says so.

export function PromiseClock({ lead, markContacted }: { lead: LeadRow; markContacted: (how: AnswerWay | undefined) => Promise<unknown> }) {
  const [how, setHow] = useState<AnswerWay | ''>('');
  const hintId = useId();
  if (lead.firstResponseAt) {
    return (
      <p className="text-sm text-slate-700" data-testid="promise-clock">
        <span className="font-semibold">Answered</span> <time dateTime={lead.firstResponseAt}>{formatDate(lead.firstResponseAt)}</time>
        {lead.firstResponseByName ? <> by {lead.firstResponseByName}</> : null}
        {lead.firstResponseVia ? <> ({answerWayName(lead.firstResponseVia)})</> : null}.
      </p>
    );
  }
  if (!clockRuns(lead.status)) return null;
  return (
    <fieldset className="space-y-2 rounded-lg bg-slate-50 p-3 text-sm ring-1 ring-slate-200" data-testid="promise-clock">
      <legend className="float-left font-semibold text-ink">Reply clock running: due <time dateTime={lead.dueAt}>{formatDate(lead.dueAt)}</time></legend>
      <p id={hintId} className="clear-left pt-1 text-slate-600">
        {lead.status === 'new' ? 'It stops at the first e-mail or live-chat message sent from here, or when you mark the lead Contacted and say how you answered.' : 'The status changed, but nobody recorded an answer yet: the clock keeps running until you say how you answered.'}
      </p>
      <label className="block font-semibold text-ink">
        How did you answer?
        <Select size="sm" className="mt-1 block w-full font-normal" value={how} aria-describedby={hintId} onChange={(e) => setHow(e.target.value as AnswerWay | '')}>
          <option value="">Not recorded (the clock keeps running)</option>
          {ANSWER_WAYS.map((w) => <option key={w} value={w}>{answerWayNames[w]}</option>)}
        </Select>
      </label>
      <button type="button" className={buttonClass.primary} onClick={() => void markContacted(how || undefined).then(() => setHow(''))}>Mark Contacted</button>
    </fieldset>
  );
}

/** What a status change did to the clock, for the page's notice: stopped it, or left it running. */
export function promiseNotice(lead: Pick<LeadRow, 'firstResponseAt' | 'status'>, how: AnswerWay | undefined): string {
  if (lead.firstResponseAt) return how ? ` Answer recorded (${answerWayNames[how]}): the reply clock stopped.` : '';
  return clockRuns(lead.status) ? ' The reply clock keeps running until you record how you answered.' : '';
}
