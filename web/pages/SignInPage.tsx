import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AuthCard, AuthForm, authLinkClass } from '../components/content/AuthForm.tsx';

export default function SignInPage() {
  return (
    <AuthCard
      title={accounts.signIn.title}
      lead={accounts.signIn.lead}
      footer={<>New to Volta Labs? <Link to="/sign-up" className={authLinkClass}>Sign up</Link></>}
    >
      <AuthForm
        label="Sign in"
        submitLabel="Sign in"
        fields={[
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
          { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
        ]}
      >
        <p className="text-right text-sm"><Link to="/auth/reset-password" className={authLinkClass}>Forgot password?</Link></p>
      </AuthForm>
    </AuthCard>
  );
}
