import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { errorType } from '../auth/errors.ts';
import { originIn, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { resetPassword, sendRecovery } from '../auth/helpers.ts';
import { linkParams } from '../auth/urls.ts';
import { checkNewPassword, formMessagesIn, PASSWORD_MIN } from '../auth/validation.ts';
import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';

const copy = accounts.resetPassword;

// Recovery (docs/product.md §13.7): without userId and secret in the address, the visitor asks for a recovery
// email (return address {origin}/auth/reset-password); with them (the link from that email), they choose a
// new password. The address is read after hydration, because the prerendered page has no query string.
export default function ResetPasswordPage() {
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const [link, setLink] = useState<{ userId: string; secret: string } | null>(null);
  const [done, setDone] = useState(false);
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();
  useEffect(() => setLink(linkParams(window.location.search)), []);

  let body: ReactNode;
  if (available === false) {
    body = <AccountsUnavailable />;
  } else if (done) {
    body = (
      <div className="space-y-5">
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">{t('account.resetPassword.done', copy.done)}</p>
        <Link to={to('/sign-in')} className="block rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">{t('account.signIn.submit', 'Sign in')}</Link>
      </div>
    );
  } else if (link) {
    body = (
      <>
        <AuthForm
          label={t('account.resetPassword.chooseLabel', 'Choose a new password')}
          submitLabel={t('account.resetPassword.save', 'Save new password')}
          pendingLabel={t('account.saving', 'Saving…')}
          fields={[
            { name: 'password', label: t('account.field.newPassword', 'New password'), type: 'password', autoComplete: 'new-password', hint: t('account.field.passwordHint', 'At least {min} characters.', { min: PASSWORD_MIN }), check: (v) => checkNewPassword(v, locale) },
            { name: 'confirm', label: t('account.field.confirmPassword', 'Confirm new password'), type: 'password', autoComplete: 'new-password', check: (v, all) => (v === all.password ? undefined : formMessagesIn(locale).passwordsDiffer) },
          ]}
          onSubmit={async ({ password }) => {
            const result = await resetPassword(config, { ...link, password });
            if (!result.success) return toOutcome(result, 'reset-password', undefined, locale);
            setDone(true);
            return { ok: true };
          }}
        />
        <p className="mt-6 text-sm text-slate-600">
          {t('account.resetPassword.expired', 'Link expired?')} <Link to={to('/auth/reset-password')} onClick={() => setLink(null)} className={authLinkClass}>{t('account.resetPassword.askNew', 'Ask for a new one')}</Link>.
        </p>
      </>
    );
  } else {
    body = (
      <AuthForm
        label={t('account.resetPassword.requestLabel', 'Request a password reset link')}
        submitLabel={t('account.resetPassword.send', 'Send reset link')}
        pendingLabel={t('account.sending', 'Sending…')}
        fields={[{ name: 'email', label: t('account.field.email', 'Email'), type: 'email', autoComplete: 'email' }]}
        onSubmit={async ({ email }) => {
          const result = await sendRecovery(config, email, originIn(locale));
          // The same answer whether or not an account exists: the form must not tell who has one.
          if (!result.success && errorType(result.error) === 'user_not_found') return { ok: true, message: t('account.resetPassword.sent', copy.sent) };
          return toOutcome(result, 'recovery', t('account.resetPassword.sent', copy.sent), locale);
        }}
      />
    );
  }

  return (
    <AuthCard
      title={t('account.resetPassword.title', copy.title)}
      lead={link && !done ? t('account.resetPassword.chooseLead', copy.chooseLead) : t('account.resetPassword.requestLead', copy.requestLead)}
      footer={<>{t('account.resetPassword.remembered', 'Remembered it?')} <Link to={to('/sign-in')} className={authLinkClass}>{t('account.signIn.submit', 'Sign in')}</Link></>}
    >
      {body}
    </AuthCard>
  );
}
