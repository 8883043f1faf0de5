import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { confirmPhone, currentAccount, sendPhoneCode } from '../auth/helpers.ts';
import { checkCode, checkPhone, normalisePhone } from '../auth/validation.ts';
import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
import { pathIn } from '../../shared/i18n/locale.ts';

const copy = accounts.verifyPhone;

// Phone verification (docs/product.md §13.8: send, then confirm). The number belongs to the signed-in account:
// a new or changed number is saved first (Appwrite asks for the account password for that), then a
// six-digit code goes out by SMS and is confirmed here.
export default function VerifyPhonePage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const [account, setAccount] = useState<{ phone: string; verified: boolean } | null>(null);
  const [sent, setSent] = useState(false);
  const [verified, setVerified] = useState(false);
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();
  const userId = auth.status === 'signed-in' ? auth.user.$id : null;

  useEffect(() => {
    if (!userId) return;
    void currentAccount(config).then((r) => {
      if (r.success && r.data) setAccount({ phone: r.data.phone, verified: r.data.phoneVerification });
    });
  }, [config, userId]);

  let body: ReactNode;
  if (available === false) {
    body = <AccountsUnavailable />;
  } else if (auth.status === 'signed-out') {
    body = <p className="text-slate-700">{t('account.verifyPhone.signInFirst', copy.signInFirst)} <Link to={to('/sign-in')} state={{ from: pathIn(locale, '/verify-phone') }} className={authLinkClass}>{t('account.signIn.submit', 'Sign in')}</Link></p>;
  } else if (auth.status === 'loading' || !account) {
    body = <div className="flex justify-center py-6"><Spinner size="lg" label={t('account.loadingAccount', 'Loading your account')} /></div>;
  } else if (verified || (account.verified && !sent)) {
    body = (
      <div className="space-y-5">
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
          {t('account.verifyPhone.verified', copy.verified)} ({verified ? t('account.verifyPhone.justNow', 'just now') : account.phone})
        </p>
        <Link to={pathIn(locale, '/dashboard')} className="block rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">{t('account.verifyPhone.backToDashboard', 'Back to your dashboard')}</Link>
      </div>
    );
  } else {
    body = (
      <>
        <AuthForm
          label={t('account.verifyPhone.sendLabel', 'Send verification code')}
          submitLabel={sent ? t('account.verifyPhone.sendAgain', 'Send a new code') : t('account.verifyPhone.send', 'Send code')}
          pendingLabel={t('account.sending', 'Sending…')}
          secondary={sent}
          initial={{ phone: account.phone }}
          fields={[
            { name: 'phone', label: t('account.field.phone', 'Phone number'), type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: t('account.verifyPhone.phoneHint', 'Include your country code, for example +233 24 123 4567.'), check: (v) => checkPhone(v, locale) },
            {
              name: 'password', label: t('account.field.password', 'Password'), type: 'password', autoComplete: 'current-password', required: false,
              hint: t('account.verifyPhone.passwordHint', 'Needed only to add or change the number.'),
              check: (v, all) => (!v && normalisePhone(all.phone ?? '') !== account.phone ? t('account.verifyPhone.passwordNeeded', 'Enter your password to save this phone number.') : undefined),
            },
          ]}
          onSubmit={async ({ phone, password }) => {
            const number = normalisePhone(phone)!;
            const changed = number !== account.phone;
            const result = await sendPhoneCode(config, changed ? { phone: number, password } : {});
            if (!result.success) return toOutcome(result, 'phone', undefined, locale);
            if (changed) setAccount({ phone: number, verified: false });
            setSent(true);
            return { ok: true, message: t('account.verifyPhone.sent', copy.sent) };
          }}
        />
        {sent ? (
          <div className="mt-8 border-t border-slate-200 pt-8">
            <AuthForm
              label={t('account.verifyPhone.confirmLabel', 'Confirm verification code')}
              submitLabel={t('account.verifyPhone.confirm', 'Verify phone')}
              pendingLabel={t('account.signIn.verifying', 'Verifying…')}
              fields={[{ name: 'code', label: t('account.verifyPhone.code', 'Verification code'), type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', hint: t('account.verifyPhone.codeHint', 'The six-digit code from the SMS.'), check: (v) => checkCode(v, locale) }]}
              onSubmit={async ({ code }) => {
                const result = await confirmPhone(config, { userId: userId!, code });
                if (!result.success) return toOutcome(result, 'verify-phone', undefined, locale);
                setVerified(true);
                return { ok: true };
              }}
            />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <AuthCard
      title={t('account.verifyPhone.title', copy.title)}
      lead={t('account.verifyPhone.lead', copy.lead)}
      footer={<>{t('account.verifyPhone.help', 'Need help?')} <Link to={to('/contact')} className={authLinkClass}>{t('account.verifyPhone.contact', 'Contact us')}</Link></>}
    >
      {body}
    </AuthCard>
  );
}
