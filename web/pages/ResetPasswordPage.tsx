import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AuthCard, AuthForm, authLinkClass } from '../components/content/AuthForm.tsx';

// Without userId and secret in the address, the visitor asks for a recovery email; with them (the link
// from that email), they choose a new password. The address is read after hydration, because the
// prerendered page has no query string.
export default function ResetPasswordPage() {
  const [hasLink, setHasLink] = useState(false);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setHasLink(q.has('userId') && q.has('secret'));
  }, []);
  const copy = accounts.resetPassword;
  return (
    <AuthCard
      title={copy.title}
      lead={hasLink ? copy.chooseLead : copy.requestLead}
      footer={<>Remembered it? <Link to="/sign-in" className={authLinkClass}>Sign in</Link></>}
    >
      {hasLink ? (
        <AuthForm
          label="Choose a new password"
          submitLabel="Save new password"
          fields={[
            { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', minLength: 8, hint: 'At least 8 characters.' },
            { name: 'confirm', label: 'Confirm new password', type: 'password', autoComplete: 'new-password', minLength: 8 },
          ]}
        />
      ) : (
        <AuthForm
          label="Request a password reset link"
          submitLabel="Send reset link"
          fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
        />
      )}
    </AuthCard>
  );
}
