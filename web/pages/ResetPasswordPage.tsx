import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { accounts } from '../../shared/content/accounts.ts';
import { AccountsUnavailable, AuthCard, AuthForm, authLinkClass, useAccountsAvailable } from '../components/content/AuthForm.tsx';
import { errorType } from '../auth/errors.ts';
import { origin, toOutcome, useAppwriteConfig } from '../auth/forms.ts';
import { resetPassword, sendRecovery } from '../auth/helpers.ts';
import { linkParams } from '../auth/urls.ts';
import { checkNewPassword, formMessages, PASSWORD_MIN } from '../auth/validation.ts';

const copy = accounts.resetPassword;

// Recovery (docs/product.md §13.7): without userId and secret in the address, the visitor asks for a recovery
// email (return address {origin}/auth/reset-password); with them (the link from that email), they choose a
// new password. The address is read after hydration, because the prerendered page has no query string.
export default function ResetPasswordPage() {
  const config = useAppwriteConfig();
  const available = useAccountsAvailable();
  const [link, setLink] = useState<{ userId: string; secret: string } | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => setLink(linkParams(window.location.search)), []);

  let body: ReactNode;
  if (available === false) {
    body = <AccountsUnavailable />;
  } else if (done) {
    body = (
      <div className="space-y-5">
        <p role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">{copy.done}</p>
        <Link to="/sign-in" className="block rounded-lg bg-brand-600 px-5 py-3 text-center font-semibold text-white hover:bg-brand-700">Sign in</Link>
      </div>
    );
  } else if (link) {
    body = (
      <>
        <AuthForm
          label="Choose a new password"
          submitLabel="Save new password"
          pendingLabel="Saving…"
          fields={[
            { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN} characters.`, check: checkNewPassword },
            { name: 'confirm', label: 'Confirm new password', type: 'password', autoComplete: 'new-password', check: (v, all) => (v === all.password ? undefined : formMessages.passwordsDiffer) },
          ]}
          onSubmit={async ({ password }) => {
            const result = await resetPassword(config, { ...link, password });
            if (!result.success) return toOutcome(result, 'reset-password');
            setDone(true);
            return { ok: true };
          }}
        />
        <p className="mt-6 text-sm text-slate-600">
          Link expired? <Link to="/auth/reset-password" onClick={() => setLink(null)} className={authLinkClass}>Ask for a new one</Link>.
        </p>
      </>
    );
  } else {
    body = (
      <AuthForm
        label="Request a password reset link"
        submitLabel="Send reset link"
        pendingLabel="Sending…"
        fields={[{ name: 'email', label: 'Email', type: 'email', autoComplete: 'email' }]}
        onSubmit={async ({ email }) => {
          const result = await sendRecovery(config, email, origin());
          // The same answer whether or not an account exists: the form must not tell who has one.
          if (!result.success && errorType(result.error) === 'user_not_found') return { ok: true, message: copy.sent };
          return toOutcome(result, 'recovery', copy.sent);
        }}
      />
    );
  }

  return (
    <AuthCard
      title={copy.title}
      lead={link && !done ? copy.chooseLead : copy.requestLead}
      footer={<>Remembered it? <Link to="/sign-in" className={authLinkClass}>Sign in</Link></>}
    >
      {body}
    </AuthCard>
  );
}
