import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { describeAuthError } from '../auth/errors.ts';
import { accountHomeIn, originIn, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { confirmVerification, sendVerification } from '../auth/helpers.ts';
import { linkParams } from '../auth/urls.ts';
import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
import { pathIn } from '../../shared/i18n/locale.ts';

const copy = accounts.verifyEmail;

// The verification landing (docs/product.md §13.2): the link from the email carries userId and secret, which
// confirm the address. Without them the page says where the link went and sends it again on request
// (that needs the session: Appwrite sends it to the signed-in account's address).
export default function VerifyEmailPage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const navigate = useNavigate();
  const location = useLocation();
  const sentTo = (location.state as { email?: string } | null)?.email;
  const [link, setLink] = useState<'none' | 'working' | 'verified' | { error: string }>('none');
  const arrived = useRef(false);
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();

  // Runs once, when the configuration says accounts are available.
  const readLink = useEffectEvent(() => {
    if (arrived.current) return;
    arrived.current = true;
    const params = linkParams(window.location.search);
    if (!params) return;
    setLink('working');
    navigate(pathIn(locale, '/verify-email'), { replace: true });
    void confirmVerification(config, params).then(async (result) => {
      if (!result.success) {
        setLink({ error: describeAuthError(result.error, 'verify-email', locale).message });
        return;
      }
      setLink('verified');
      await auth.refresh?.();
    });
  });
  useEffect(() => {
    if (available) readLink();
  }, [available]);

  let body: ReactNode;
  if (available === false) {
    body = <AccountsUnavailable />;
  } else if (link === 'working') {
    body = <div className="flex items-center gap-3 text-slate-700"><Spinner size="md" label={t('account.verifyEmail.working', copy.working)} /><span aria-hidden="true">{t('account.verifyEmail.working', copy.working)}</span></div>;
  } else if (link === 'verified') {
    body = (
      <div className="space-y-5">
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">{t('account.verifyEmail.verified', copy.verified)}</p>
        {auth.status === 'signed-in' ? (
          <Link to={accountHomeIn(locale, auth.role)} className="block rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">{t('account.signIn.goToAccount', 'Go to your account')}</Link>
        ) : (
          <Link to={to('/sign-in')} className="block rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">{t('account.signIn.submit', 'Sign in')}</Link>
        )}
      </div>
    );
  } else {
    body = (
      <>
        {typeof link === 'object' ? <p role="alert" className="mb-6 rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200">{link.error}</p> : null}
        {sentTo ? <p className="mb-5 text-slate-700">{t('account.verifyEmail.sentTo', 'We sent it to')} <span className="font-semibold break-all text-ink">{sentTo}</span>.</p> : null}
        <p className="mb-5 text-sm text-slate-600">{t('account.verifyEmail.resendLead', copy.resendLead)}</p>
        {auth.status === 'signed-in' ? (
          auth.user.emailVerification ? (
            <p role="status" className="rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900 ring-1 ring-emerald-200">{t('account.verifyEmail.already', 'Your email address {email} is already verified.', { email: auth.user.email })}</p>
          ) : (
            <AuthForm
              label={t('account.verifyEmail.resend', 'Resend verification email')}
              submitLabel={t('account.verifyEmail.resend', 'Resend verification email')}
              pendingLabel={t('account.sending', 'Sending…')}
              fields={[]}
              onSubmit={async () => toOutcome(await sendVerification(config, originIn(locale)), 'send-verification', t('account.verifyEmail.resent', copy.resent), locale)}
            />
          )
        ) : (
          <p className="text-sm text-slate-700"><Link to={to('/sign-in')} className={authLinkClass}>{t('account.signIn.submit', 'Sign in')}</Link> {t('account.verifyEmail.toResend', 'to send the verification link again.')}</p>
        )}
      </>
    );
  }

  return (
    <AuthCard
      title={t('account.verifyEmail.title', copy.title)}
      lead={t('account.verifyEmail.lead', copy.lead)}
      footer={<>{t('account.verifyEmail.verifiedAlready', 'Verified already?')} <Link to={to('/sign-in')} className={authLinkClass}>{t('account.signIn.submit', 'Sign in')}</Link></>}
    >
      {body}
    </AuthCard>
  );
}
