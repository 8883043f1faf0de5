import { AuthForm } from '../components/content/AuthForm.tsx';
import { toOutcome } from '../auth/forms.ts';
import { accountCall } from '../auth/helpers.ts';
import { checkNewPassword, formMessages, PASSWORD_MIN } from '../auth/validation.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { Panel } from '../ui/kit.tsx';

// PATCH /account/password with the current password (oldPassword). Accounts made through a magic link or
// OAuth have none yet: Appwrite then accepts an empty one, so the field is optional for them.
export function PasswordPanel({ config, hasPassword }: { config: AppwritePublicConfig | null; hasPassword: boolean }) {
  return (
    <Panel id="password" title="Password" intro={hasPassword ? 'Change the password you sign in with.' : 'You signed up without a password. Set one to sign in with your email and password too.'}>
      <div className="max-w-md">
        <AuthForm
          label="Change your password"
          submitLabel={hasPassword ? 'Change password' : 'Set password'}
          pendingLabel="Saving…"
          secondary
          fields={[
            ...(hasPassword ? [{ name: 'oldPassword', label: 'Current password', type: 'password' as const, autoComplete: 'current-password' }] : []),
            { name: 'password', label: 'New password', type: 'password', autoComplete: 'new-password', hint: `At least ${PASSWORD_MIN} characters.`, check: checkNewPassword },
            { name: 'confirm', label: 'Confirm new password', type: 'password', autoComplete: 'new-password', check: (v, all) => (v === all.password ? undefined : formMessages.passwordsDiffer) },
          ]}
          onSubmit={async ({ oldPassword, password }) => {
            const r = await accountCall(config, 'password', (aw) => aw.account.updatePassword({ password: password!, oldPassword: oldPassword || undefined }));
            const outcome = toOutcome(r, 'password', 'Your password is changed.');
            return outcome.ok ? { ...outcome, reset: true } : outcome;
          }}
        />
      </div>
    </Panel>
  );
}
