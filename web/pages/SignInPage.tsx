import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useAuth, type AuthState } from '../auth/AuthContext.tsx';
import { authErrorsIn, describeAuthError } from '../auth/errors.ts';
import { accountHomeIn, originIn, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { completeMagicLink, completeMfa, sendMagicLink, signIn, signInWithProvider } from '../auth/helpers.ts';
import { setSessionHint } from '../auth/sessionHint.ts';
import { linkParams, oauthFailure, oauthProviders } from '../auth/urls.ts';
import { checkCode } from '../auth/validation.ts';
import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
import { pathIn } from '../../shared/i18n/locale.ts';

const copy = accounts.signIn;

// Sign-in (docs/product.md §13.3): email and password, a one-time link by email (the link comes back
// here with userId and secret), OAuth with Google, GitHub and Apple (back to /, or here on failure), and
// the second step for accounts with two-step verification. Afterwards the visitor goes back to the
// protected page that sent them here, else to their account area.
export default function SignInPage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [linkState, setLinkState] = useState<'idle' | 'working' | { error: string }>('idle');
  const [recovery, setRecovery] = useState(false);
  const arrived = useRef(false);
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();
  const here = pathIn(locale, '/sign-in');

  // After a sign-in the visitor moves on once the new auth state is rendered: a protected page reached
  // before that would still see the old state and send them back here.
  const [leaving, setLeaving] = useState(false);
  const finish = async (): Promise<AuthState | undefined> => {
    const state = await auth.refresh?.({ signedIn: true });
    if (state?.status === 'signed-in') setLeaving(true);
    return state;
  };
  useEffect(() => {
    if (leaving && auth.status === 'signed-in') navigate(from && from !== here ? from : accountHomeIn(locale, auth.role), { replace: true });
  }, [leaving, auth, from, navigate, here, locale]);

  // The address may carry a magic link (userId and secret) or an OAuth failure. Read once, after hydration,
  // when the configuration says accounts are available.
  const readArrival = useEffectEvent(() => {
    if (arrived.current) return;
    arrived.current = true;
    const search = window.location.search;
    const link = linkParams(search);
    if (link) {
      setLinkState('working');
      navigate(here, { replace: true });
      void completeMagicLink(config, link).then(async (result) => {
        if (!result.success) {
          setLinkState({ error: describeAuthError(result.error, 'magic-session', locale).message });
          return;
        }
        setLinkState('idle');
        await finish();
      });
    } else if (oauthFailure(search)) {
      setSessionHint(false);
      navigate(here, { replace: true });
      auth.setAuthMessage(authErrorsIn(locale).oauthFailed);
    }
  });
  useEffect(() => {
    if (available) readArrival();
  }, [available]);

  let body: ReactNode;
  if (available === false) {
    body = <AccountsUnavailable />;
  } else if (linkState === 'working') {
    body = (
      <div className="flex items-center gap-3 text-slate-700">
        <Spinner size="md" label={t('account.signIn.magicWorking', copy.magicWorking)} />
        <span aria-hidden="true">{t('account.signIn.magicWorking', copy.magicWorking)}</span>
      </div>
    );
  } else if (auth.status === 'signed-out' && auth.mfaRequired) {
    body = (
      <section aria-labelledby="mfa-title">
        <h2 id="mfa-title" className="text-xl font-bold text-ink">{t('account.signIn.mfaTitle', copy.mfaTitle)}</h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">{recovery ? t('account.signIn.mfaRecoveryLead', copy.mfaRecoveryLead) : t('account.signIn.mfaLead', copy.mfaLead)}</p>
        <AuthForm
          key={recovery ? 'recovery' : 'totp'}
          label={t('account.signIn.mfaTitle', copy.mfaTitle)}
          submitLabel={t('account.signIn.verify', 'Verify')}
          pendingLabel={t('account.signIn.verifying', 'Verifying…')}
          fields={[recovery
            ? { name: 'code', label: t('account.signIn.recoveryCode', 'Recovery code'), type: 'text', autoComplete: 'off' }
            : { name: 'code', label: t('account.signIn.authCode', 'Authentication code'), type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', check: (v) => checkCode(v, locale) }]}
          onSubmit={async ({ code }) => {
            const result = await completeMfa(config, { code, recovery });
            if (!result.success) return toOutcome(result, 'mfa-challenge', undefined, locale);
            await finish();
            return { ok: true };
          }}
        />
        <button type="button" onClick={() => setRecovery((r) => !r)} className={`mt-4 text-sm ${authLinkClass}`}>
          {recovery ? t('account.signIn.useApp', 'Use your authenticator app instead') : t('account.signIn.useRecovery', 'Use a recovery code instead')}
        </button>
      </section>
    );
  } else if (auth.status === 'signed-in') {
    body = (
      <div className="space-y-4">
        <p className="text-slate-700">{t('account.signIn.signedInAs', copy.signedInAs)} <span className="font-semibold break-all text-ink">{auth.user.email}</span>.</p>
        <Link to={accountHomeIn(locale, auth.role)} className="block w-full rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">
          {t('account.signIn.goToAccount', 'Go to your account')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        {typeof linkState === 'object' ? (
          <p role="alert" className="mb-6 rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">{linkState.error}</p>
        ) : null}
        <AuthForm
          label={t('account.signIn.submit', 'Sign in')}
          submitLabel={t('account.signIn.submit', 'Sign in')}
          pendingLabel={t('account.signIn.pending', 'Signing in…')}
          fields={[
            { name: 'email', label: t('account.field.email', 'Email'), type: 'email', autoComplete: 'email' },
            { name: 'password', label: t('account.field.password', 'Password'), type: 'password', autoComplete: 'current-password' },
          ]}
          onSubmit={async ({ email, password }) => {
            const result = await signIn(config, { email, password });
            if (!result.success) return toOutcome(result, 'sign-in', undefined, locale);
            const state = await finish();
            if (state?.status === 'signed-out' && !state.mfaRequired) return { ok: false, message: authErrorsIn(locale).unexpected };
            return { ok: true };
          }}
        >
          <p className="text-right text-sm"><Link to={to('/auth/reset-password')} className={authLinkClass}>{t('account.signIn.forgot', 'Forgot password?')}</Link></p>
        </AuthForm>

        <div className="mt-8 border-t border-slate-200 pt-8">
          <h2 className="text-base font-semibold text-ink">{t('account.signIn.linkTitle', 'Sign in with a link')}</h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">{t('account.signIn.magicLead', copy.magicLead)}</p>
          <AuthForm
            label={t('account.signIn.linkSubmit', 'Email me a sign-in link')}
            submitLabel={t('account.signIn.linkSubmit', 'Email me a sign-in link')}
            pendingLabel={t('account.sending', 'Sending…')}
            secondary
            fields={[{ name: 'email', label: t('account.field.email', 'Email'), type: 'email', autoComplete: 'email' }]}
            onSubmit={async ({ email }) => toOutcome(await sendMagicLink(config, email, originIn(locale)), 'magic-link', t('account.signIn.magicSent', copy.magicSent), locale)}
          />
        </div>

        <div className="mt-8 border-t border-slate-200 pt-8">
          <h2 className="text-base font-semibold text-ink">{t('account.signIn.oauthLead', copy.oauthLead)}</h2>
          <ul className="mt-4 grid gap-3">
            {oauthProviders.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  onClick={() => void signInWithProvider(config, p.id, originIn(locale)).then((r) => {
                    if (!r.success) auth.setAuthMessage(describeAuthError(r.error, 'oauth', locale).message);
                  })}
                  className="w-full rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50"
                >
                  {t('account.signIn.continueWith', 'Continue with {provider}', { provider: p.name })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </>
    );
  }

  return (
    <AuthCard
      title={t('account.signIn.title', copy.title)}
      lead={t('account.signIn.lead', copy.lead)}
      footer={<>{t('account.signIn.newHere', 'New to Volta Labs?')} <Link to={to('/sign-up')} className={authLinkClass}>{t('account.signUp.submit', 'Sign up')}</Link></>}
    >
      {body}
    </AuthCard>
  );
}
