import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AuthCard, AuthForm, authLinkClass } from '../components/content/AuthForm.tsx';

export default function SignUpPage() {
  return (
    <AuthCard
      title={accounts.signUp.title}
      lead={accounts.signUp.lead}
      footer={<>Already have an account? <Link to="/sign-in" className={authLinkClass}>Sign in</Link></>}
    >
      <AuthForm
        label="Sign up"
        submitLabel="Sign up"
        fields={[
          { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
          { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', minLength: 8, hint: 'At least 8 characters.' },
        ]}
      >
        <p className="text-sm text-slate-600">
          By signing up you agree to our <Link to="/agreement" className={authLinkClass}>client services agreement</Link>.
        </p>
      </AuthForm>
    </AuthCard>
  );
}
