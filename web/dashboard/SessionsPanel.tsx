import { useAccountText } from '../auth/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import type { Models } from 'appwrite';
import { useQueryClient } from '@tanstack/react-query';
import { describeAuthError } from '../auth/errors.ts';
import { accountCall } from '../auth/helpers.ts';
import type { Say } from '../../shared/i18n/say.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { ActionButton, formatDate, Note, Panel } from '../ui/kit.tsx';
import { accountKeys, useAccountQuery } from './useAccountQuery.ts';

function sessionLabel(t: Say, s: Models.Session): string {
  const client = [s.clientName, s.clientVersion].filter(Boolean).join(' ');
  const os = [s.osName, s.osVersion].filter(Boolean).join(' ');
  const name = client || t('account.sessions.unknownBrowser', 'Unknown browser');
  return os ? t('account.sessions.on', '{client} on {os}', { client: name, os }) : name;
}

// The devices signed in to this account (GET /account/sessions), with sign-out of one (DELETE
// /account/sessions/{id}) or of every other one.
export function SessionsPanel({ config }: { config: AppwritePublicConfig | null }) {
  const locale = useLocale();
  const t = useAccountText();
  const queryClient = useQueryClient();
  const query = useAccountQuery(accountKeys.sessions, 'sessions', () => accountCall(config, 'sessions', (aw) => aw.account.listSessions()));
  const sessions = query.data
    ? [...query.data.sessions].sort((a: Models.Session, b: Models.Session) => Number(b.current) - Number(a.current) || b.$createdAt.localeCompare(a.$createdAt))
    : null;
  const error = query.error?.message ?? '';

  const others = sessions?.filter((s) => !s.current) ?? [];
  const signOutOf = async (ids: string[]) => {
    for (const sessionId of ids) {
      const r = await accountCall(config, 'sessions', (aw) => aw.account.deleteSession({ sessionId }));
      if (!r.success) return { ok: false, message: describeAuthError(r.error, 'sessions', locale).message };
    }
    await queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    return { ok: true, message: ids.length === 1 ? t('account.sessions.oneOut', 'That device is signed out.') : t('account.sessions.allOut', 'Every other device is signed out.') };
  };

  return (
    <Panel id="sessions" title={t('account.sessions.title', 'Signed-in devices')} intro={t('account.sessions.intro', 'Sign out of a device you no longer use or do not recognise.')}>
      {error ? <Note tone="error">{error}</Note> : null}
      {sessions ? (
        <>
          <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
            {sessions.map((s) => (
              <li key={s.$id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-ink">
                    {sessionLabel(t, s)}
                    {s.current ? <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t('account.sessions.current', 'This device')}</span> : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t('account.sessions.signedIn', 'Signed in {date}', { date: formatDate(s.$createdAt, locale) })}{s.ip ? t('account.sessions.from', ' from {ip}', { ip: s.ip }) : ''}{s.countryName && s.countryName !== 'Unknown' ? `, ${s.countryName}` : ''} · {s.provider === 'email' ? t('account.sessions.emailPassword', 'email and password') : s.provider}
                  </p>
                </div>
                {s.current ? null : (
                  <ActionButton pendingLabel={t('account.sessions.signingOut', 'Signing out…')} run={() => signOutOf([s.$id])}>
                    {t('account.sessions.signOut', 'Sign out')}<span className="sr-only">{t('account.sessions.signOutOf', ' of {device}, signed in {date}', { device: sessionLabel(t, s), date: formatDate(s.$createdAt, locale) })}</span>
                  </ActionButton>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <div className="mt-5">
              <ActionButton variant="danger" pendingLabel={t('account.sessions.signingOut', 'Signing out…')} run={() => signOutOf(others.map((s) => s.$id))}>
                {t('account.sessions.allOthers', 'Sign out of all other devices')}
              </ActionButton>
            </div>
          ) : (
            <p className="mt-4 text-sm text-slate-600">{t('account.sessions.none', 'No other device is signed in.')}</p>
          )}
        </>
      ) : error ? null : (
        <p className="text-sm text-slate-600">{t('account.sessions.loading', 'Loading your devices…')}</p>
      )}
    </Panel>
  );
}
