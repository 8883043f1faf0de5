import { useAccountText } from '../auth/text.ts';
import type { Models } from 'appwrite';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ProtectedRoute } from '../auth/ProtectedRoute.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { isStaff } from '../../shared/roles.ts';
import { useAppwriteConfig } from '../auth/forms.ts';
import { currentAccount } from '../auth/helpers.ts';
import { Spinner } from '../components/Spinner.tsx';
import { MfaPanel } from './MfaPanel.tsx';
import { PasswordPanel } from './PasswordPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { SessionsPanel } from './SessionsPanel.tsx';
import { SubmissionsPanel } from './SubmissionsPanel.tsx';
import { Note } from '../ui/kit.tsx';
import { accountKeys, useAccountQuery } from './useAccountQuery.ts';
import { VerificationPanel } from './VerificationPanel.tsx';

// /dashboard (docs/product.md §14): the signed-in visitor's account area. Each topic is its own panel; the
// account is read from Appwrite here (fresh, with phone and MFA state) and again after each change.
export default function DashboardPage() {
  return (
    <ProtectedRoute>
      <Dashboard />
    </ProtectedRoute>
  );
}

function Dashboard() {
  const auth = useAuth();
  const t = useAccountText();
  const config = useAppwriteConfig();
  const queryClient = useQueryClient();
  const query = useAccountQuery<Models.User<Models.Preferences>>(accountKeys.account, 'session', () => currentAccount(config));
  const account = query.data ?? null;
  const error = query.error?.message ?? '';
  const reload = () => queryClient.invalidateQueries({ queryKey: accountKeys.account });

  if (auth.status !== 'signed-in') return null;
  const staff = isStaff(auth.role);
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:py-16">
        <header className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{t('account.dashboard.title', 'Your dashboard')}</h1>
            <p className="mt-2 text-slate-600">
              {t('account.dashboard.signedInAs', 'Signed in as')} <span className="font-semibold break-all text-ink">{auth.user.email}</span>
              {staff ? <> · {auth.role === 'admin' ? t('account.dashboard.admin', 'Admin') : t('account.dashboard.moderator', 'Moderator')}</> : null}
            </p>
          </div>
          {staff ? (
            <Link to="/admin" className="rounded-lg bg-ink px-4 py-2.5 text-sm font-semibold text-white hover:bg-slate-700">{t('account.dashboard.openAdmin', 'Open the admin area')}</Link>
          ) : null}
        </header>
        {error ? <Note tone="error">{error}</Note> : null}
        {account && config ? (
          <>
            <SubmissionsPanel config={config} account={account} />
            <ProfilePanel config={config} account={account} reload={reload} />
            <VerificationPanel config={config} account={account} />
            <PasswordPanel config={config} hasPassword={!!account.passwordUpdate} />
            <MfaPanel config={config} account={account} reload={reload} />
            <SessionsPanel config={config} />
          </>
        ) : error ? null : (
          <div className="flex justify-center py-16"><Spinner size="lg" label={t('account.loadingAccount', 'Loading your account')} /></div>
        )}
      </div>
    </div>
  );
}
