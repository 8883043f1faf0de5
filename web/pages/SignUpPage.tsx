import { Link, useNavigate } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { originIn, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { signUp } from '../auth/helpers.ts';
import { checkNewPassword, PASSWORD_MIN } from '../auth/validation.ts';
import { useAccountText } from '../auth/text.ts';
import { useHref, useLocale } from '../i18n/i18n.ts';
import { pathIn } from '../../shared/i18n/locale.ts';

// Sign-up (docs/product.md §13.1): a new account with a new unique id, email, password and name; the visitor
// is signed in and the verification email goes out with the return address {origin}/verify-email, where
// the page then waits for the link.
export default function SignUpPage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const navigate = useNavigate();
  const locale = useLocale();
  const t = useAccountText();
  const to = useHref();
  return (
    <AuthCard
      title={t('account.signUp.title', accounts.signUp.title)}
      lead={t('account.signUp.lead', accounts.signUp.lead)}
      footer={<>{t('account.signUp.haveAccount', 'Already have an account?')} <Link to={to('/sign-in')} className={authLinkClass}>{t('account.signIn.submit', 'Sign in')}</Link></>}
    >
      {available === false ? <AccountsUnavailable /> : (
        <AuthForm
          label={t('account.signUp.submit', 'Sign up')}
          submitLabel={t('account.signUp.submit', 'Sign up')}
          pendingLabel={t('account.signUp.pending', 'Creating your account…')}
          fields={[
            { name: 'name', label: t('account.field.name', 'Name'), type: 'text', autoComplete: 'name' },
            { name: 'email', label: t('account.field.email', 'Email'), type: 'email', autoComplete: 'email' },
            { name: 'password', label: t('account.field.password', 'Password'), type: 'password', autoComplete: 'new-password', hint: t('account.field.passwordHint', 'At least {min} characters.', { min: PASSWORD_MIN }), check: (v) => checkNewPassword(v, locale) },
          ]}
          onSubmit={async ({ name, email, password }) => {
            const result = await signUp(config, { name, email, password }, originIn(locale));
            if (!result.success) return toOutcome(result, 'sign-up', undefined, locale);
            await auth.refresh?.({ signedIn: true });
            navigate(pathIn(locale, '/verify-email'), { state: { email: email.trim(), sent: result.data?.verificationSent ?? false } });
            return { ok: true };
          }}
        >
          <p className="text-sm text-slate-600">
            {t('account.signUp.agree', 'By signing up you agree to our')} <Link to={to('/agreement')} className={authLinkClass}>{t('account.signUp.agreement', 'client services agreement')}</Link>.
          </p>
        </AuthForm>
      )}
    </AuthCard>
  );
}
