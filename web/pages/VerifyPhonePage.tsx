import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AuthCard, AuthForm, authLinkClass } from '../components/content/AuthForm.tsx';

export default function VerifyPhonePage() {
  return (
    <AuthCard
      title={accounts.verifyPhone.title}
      lead={accounts.verifyPhone.lead}
      footer={<>Need help? <Link to="/contact" className={authLinkClass}>Contact us</Link></>}
    >
      <AuthForm
        label="Send verification code"
        submitLabel="Send code"
        fields={[{ name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: 'Include your country code, for example +233 24 123 4567.' }]}
      />
      <div className="mt-8 border-t border-slate-200 pt-8">
        <AuthForm
          label="Confirm verification code"
          submitLabel="Verify phone"
          fields={[{ name: 'code', label: 'Verification code', type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', hint: 'The six-digit code from the SMS.' }]}
        />
      </div>
    </AuthCard>
  );
}
