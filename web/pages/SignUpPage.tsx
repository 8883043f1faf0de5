import { Link, useNavigate } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { origin, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { signUp } from '../auth/helpers.ts';
import { checkNewPassword, PASSWORD_MIN } from '../auth/validation.ts';

// Sign-up (docs/product.md §13.1): a new account with a new unique id, email, password and name; the visitor
// is signed in and the verification email goes out with the return address {origin}/verify-email, where
// the page then waits for the link.
export default function SignUpPage() {
  const auth = useAuth();
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={accounts.signUp.title}
      lead={accounts.signUp.lead}
      footer={<>Already have an account? <Link to="/sign-in" className={authLinkClass}>Sign in</Link></>}
    >
      {available === false ? <AccountsUnavailable /> : (
        <AuthForm
          label="Sign up"
          submitLabel="Sign up"
          pendingLabel="Creating your account…"
          fields={[
            { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
            { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
            { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN} characters.`, check: checkNewPassword },
          ]}
          onSubmit={async ({ name, email, password }) => {
            const result = await signUp(config, { name, email, password }, origin());
            if (!result.success) return toOutcome(result, 'sign-up');
            await auth.refresh?.({ signedIn: true });
            navigate('/verify-email', { state: { email: email.trim(), sent: result.data?.verificationSent ?? false } });
            return { ok: true };
          }}
        >
          <p className="text-sm text-slate-600">
            By signing up you agree to our <Link to="/agreement" className={authLinkClass}>client services agreement</Link>.
          </p>
        </AuthForm>
      )}
    </AuthCard>
  );
}
