import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AuthCard, AuthForm, authLinkClass } from '../components/content/AuthForm.tsx';

export default function VerifyEmailPage() {
  return (
    <AuthCard
      title={accounts.verifyEmail.title}
      lead={accounts.verifyEmail.lead}
      footer={<>Verified already? <Link to="/sign-in" className={authLinkClass}>Sign in</Link></>}
    >
      <p className="mb-5 text-sm text-slate-600">{accounts.verifyEmail.resendLead}</p>
      <AuthForm
        label="Resend verification email"
        submitLabel="Resend verification email"
        fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
      />
    </AuthCard>
  );
}
