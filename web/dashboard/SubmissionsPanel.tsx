import type { Models } from 'appwrite';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { kindLabel } from '../../shared/submissionKinds.ts';
import { fetchMySubmissions, statusNames, type SubmissionSummary } from './api.ts';
import { formatDate, Note, Panel } from './ui.tsx';

const summaryFields = ['subject', 'message', 'projectSummary', 'position', 'website', 'projectType', 'serviceInterest', 'service', 'company'];

function summary(s: SubmissionSummary): string {
  const key = summaryFields.find((k) => s.fields[k]);
  const text = key ? s.fields[key]! : '';
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

// What the visitor has sent us (forms, chat leads, pricing requests), matched by their verified email
// address on the server (GET /api/me/submissions), with where each one stands.
export function SubmissionsPanel({ config, account }: { config: AppwritePublicConfig; account: Models.User<Models.Preferences> }) {
  const [state, setState] = useState<{ items: SubmissionSummary[] } | { error: string } | null>(null);
  useEffect(() => {
    if (!account.emailVerification) return;
    let live = true;
    void fetchMySubmissions(config, account.$id).then((r) => {
      if (live) setState(r.ok ? { items: r.data.submissions } : { error: r.message });
    });
    return () => {
      live = false;
    };
  }, [config, account.$id, account.emailVerification]);

  let body: ReactNode;
  if (!account.emailVerification) {
    body = <Note tone="warn">Verify your email address to see what you have sent us: we match your requests by that address.</Note>;
  } else if (!state) {
    body = <p className="text-sm text-slate-600">Loading your requests…</p>;
  } else if ('error' in state) {
    body = <Note tone="error">{state.error}</Note>;
  } else if (state.items.length === 0) {
    body = <p className="text-slate-700">Nothing yet. When you <Link to="/contact" className="font-semibold text-brand-700 hover:underline">contact us</Link> or apply with {account.email}, it shows up here.</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {state.items.map((s) => (
          <li key={`${s.kind}-${s.id}`} className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{kindLabel(s.kind)}</p>
              <p className="text-sm text-slate-600">Sent {formatDate(s.submittedAt)}</p>
              {summary(s) ? <p className="mt-1 text-sm break-words text-slate-700">{summary(s)}</p> : null}
            </div>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{statusNames[s.status] ?? s.status}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Panel id="submissions" title="Your requests" intro="Messages, applications and requests you sent us, and where each one stands.">
      {body}
    </Panel>
  );
}
