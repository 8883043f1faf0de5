import type { Models } from 'appwrite';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { kindLabel } from '../../shared/submissionKinds.ts';
import { fetchMySubmissions, statusNames, type SubmissionSummary } from './api.ts';
import { formatDate, Note, Panel } from '../ui/kit.tsx';
import { accountKeys } from './useAccountQuery.ts';

const summaryFields = ['subject', 'message', 'projectSummary', 'position', 'website', 'projectType', 'serviceInterest', 'service', 'company'];

function summary(s: SubmissionSummary): string {
  const key = summaryFields.find((k) => s.fields[k]);
  const text = key ? s.fields[key]! : '';
  return text.length > 140 ? `${text.slice(0, 140)}…` : text;
}

// What the visitor has sent us (forms, chat leads, pricing requests), matched by their verified email
// address on the server (GET /api/me/submissions), with where each one stands.
export function SubmissionsPanel({ config, account }: { config: AppwritePublicConfig; account: Models.User<Models.Preferences> }) {
  const submissions = useQuery({
    queryKey: accountKeys.submissions,
    enabled: account.emailVerification,
    queryFn: async () => {
      const r = await fetchMySubmissions(config, account.$id);
      if (!r.ok) throw new Error(r.message);
      return r.data.submissions;
    },
  });

  let body: ReactNode;
  if (!account.emailVerification) {
    body = <Note tone="warn">Verify your email address to see what you have sent us: we match your requests by that address.</Note>;
  } else if (submissions.isError) {
    body = <Note tone="error">{submissions.error.message}</Note>;
  } else if (!submissions.data) {
    body = <p className="text-sm text-slate-600">Loading your requests…</p>;
  } else if (submissions.data.length === 0) {
    body = <p className="text-slate-700">Nothing yet. When you <Link to="/contact" className="font-semibold text-brand-700 hover:underline">contact us</Link> or apply with {account.email}, it shows up here.</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {submissions.data.map((s: SubmissionSummary) => (
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
