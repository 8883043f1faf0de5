import { useAccountText } from '../auth/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import { AuthForm } from '../components/content/AuthForm.tsx';
import { toOutcome } from '../auth/forms.ts';
import { accountCall } from '../auth/helpers.ts';
import { checkNewPassword, formMessagesIn, PASSWORD_MIN } from '../auth/validation.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { Panel } from '../ui/kit.tsx';

// PATCH /account/password with the current password (oldPassword). Accounts made through a magic link or
// OAuth have none yet: Appwrite then accepts an empty one, so the field is optional for them.
export function PasswordPanel({ config, hasPassword }: { config: AppwritePublicConfig | null; hasPassword: boolean }) {
  const locale = useLocale();
  const t = useAccountText();
  return (
    <Panel id="password" title={t('account.password.title', 'Password')} intro={hasPassword ? t('account.password.intro', 'Change the password you sign in with.') : t('account.password.introNone', 'You signed up without a password. Set one to sign in with your email and password too.')}>
      <div className="max-w-md">
        <AuthForm
          label={t('account.password.label', 'Change your password')}
          submitLabel={hasPassword ? t('account.password.change', 'Change password') : t('account.password.set', 'Set password')}
          pendingLabel={t('account.saving', 'Saving…')}
          secondary
          fields={[
            ...(hasPassword ? [{ name: 'oldPassword', label: t('account.field.currentPassword', 'Current password'), type: 'password' as const, autoComplete: 'current-password' }] : []),
            { name: 'password', label: t('account.field.newPassword', 'New password'), type: 'password', autoComplete: 'new-password', hint: t('account.field.passwordHint', 'At least {min} characters.', { min: PASSWORD_MIN }), check: (v) => checkNewPassword(v, locale) },
            { name: 'confirm', label: t('account.field.confirmPassword', 'Confirm new password'), type: 'password', autoComplete: 'new-password', check: (v, all) => (v === all.password ? undefined : formMessagesIn(locale).passwordsDiffer) },
          ]}
          onSubmit={async ({ oldPassword, password }) => {
            const r = await accountCall(config, 'password', (aw) => aw.account.updatePassword({ password: password!, oldPassword: oldPassword || undefined }));
            const outcome = toOutcome(r, 'password', t('account.password.changed', 'Your password is changed.'), locale);
            return outcome.ok ? { ...outcome, reset: true } : outcome;
          }}
        />
      </div>
    </Panel>
  );
}
