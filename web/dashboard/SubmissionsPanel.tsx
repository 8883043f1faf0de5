import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
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
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();
  const submissions = useQuery({
    queryKey: accountKeys.submissions,
    enabled: account.emailVerification,
    queryFn: async () => {
      const r = await fetchMySubmissions(config, account.$id, locale);
      if (!r.ok) throw new Error(r.message);
      return r.data.submissions;
    },
  });

  let body: ReactNode;
  if (!account.emailVerification) {
    body = <Note tone="warn">{t('account.submissions.verifyFirst', 'Verify your email address to see what you have sent us: we match your requests by that address.')}</Note>;
  } else if (submissions.isError) {
    body = <Note tone="error">{submissions.error.message}</Note>;
  } else if (!submissions.data) {
    body = <p className="text-sm text-slate-600">{t('account.submissions.loading', 'Loading your requests…')}</p>;
  } else if (submissions.data.length === 0) {
    body = <p className="text-slate-700">{t('account.submissions.emptyBefore', 'Nothing yet. When you')} <Link to={to('/contact')} className="font-semibold text-brand-700 hover:underline">{t('account.submissions.contactUs', 'contact us')}</Link> {t('account.submissions.emptyAfter', 'or apply with {email}, it shows up here.', { email: account.email })}</p>;
  } else {
    body = (
      <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
        {submissions.data.map((s: SubmissionSummary) => (
          <li key={`${s.kind}-${s.id}`} className="flex flex-wrap items-start justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-semibold text-ink">{t(`account.kind.${s.kind}`, kindLabel(s.kind))}</p>
              <p className="text-sm text-slate-600">{t('account.submissions.sent', 'Sent {date}', { date: formatDate(s.submittedAt, locale) })}</p>
              {summary(s) ? <p className="mt-1 text-sm break-words text-slate-700">{summary(s)}</p> : null}
            </div>
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">{t(`account.status.${s.status}`, statusNames[s.status] ?? s.status)}</span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Panel id="submissions" title={t('account.submissions.title', 'Your requests')} intro={t('account.submissions.intro', 'Messages, applications and requests you sent us, and where each one stands.')}>
      {body}
    </Panel>
  );
}
