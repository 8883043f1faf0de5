import type { Models } from 'appwrite';
import { AuthForm } from '../components/content/AuthForm.tsx';
import { toOutcome } from '../auth/forms.ts';
import { accountCall, sendVerification } from '../auth/helpers.ts';
import { checkPhone, normalisePhone } from '../auth/validation.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { Panel } from '../ui/kit.tsx';

type Props = { config: AppwritePublicConfig | null; account: Models.User<Models.Preferences>; reload: () => Promise<void> };

const passwordField = (hint: string) => ({ name: 'password' as const, label: 'Current password', type: 'password' as const, autoComplete: 'current-password', hint });

// Name, email and phone. Appwrite asks for the account password before it changes the email address or the
// phone number (PATCH /account/email and /account/phone take the password).
export function ProfilePanel({ config, account, reload }: Props) {
  return (
    <Panel id="profile" title="Profile" intro="How we address you and how we reach you.">
      <div className="grid gap-10 lg:grid-cols-3">
        <AuthForm
          key={`name-${account.name}`}
          label="Change your name"
          submitLabel="Save name"
          pendingLabel="Saving…"
          secondary
          initial={{ name: account.name }}
          fields={[{ name: 'name', label: 'Name', type: 'text', autoComplete: 'name' }]}
          onSubmit={async ({ name }) => {
            const r = await accountCall(config, 'profile', (aw) => aw.account.updateName({ name: name.trim() }));
            if (r.success) await reload();
            return toOutcome(r, 'profile', 'Your name is saved.');
          }}
        />
        <AuthForm
          key={`email-${account.email}`}
          label="Change your email address"
          submitLabel="Save email"
          pendingLabel="Saving…"
          secondary
          initial={{ email: account.email }}
          fields={[
            { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
            passwordField('Appwrite asks for it to change your email address.'),
          ]}
          onSubmit={async ({ email, password }) => {
            if (email.trim().toLowerCase() === account.email.toLowerCase()) return { ok: true, message: 'That is already your email address.' };
            const r = await accountCall(config, 'profile', (aw) => aw.account.updateEmail({ email: email.trim(), password }));
            if (!r.success) return toOutcome(r, 'profile');
            const sent = await sendVerification(config, window.location.origin);
            await reload();
            return { ok: true, message: sent.success ? 'Your email address is changed. We sent a verification link to the new address.' : 'Your email address is changed.' };
          }}
        />
        <AuthForm
          key={`phone-${account.phone}`}
          label="Change your phone number"
          submitLabel="Save phone"
          pendingLabel="Saving…"
          secondary
          initial={{ phone: account.phone }}
          fields={[
            { name: 'phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: 'With the country code, e.g. +233 24 123 4567.', check: checkPhone },
            passwordField('Appwrite asks for it to change your phone number.'),
          ]}
          onSubmit={async ({ phone, password }) => {
            const number = normalisePhone(phone)!;
            if (number === account.phone) return { ok: true, message: 'That is already your phone number.' };
            const r = await accountCall(config, 'profile', (aw) => aw.account.updatePhone({ phone: number, password }));
            if (r.success) await reload();
            return toOutcome(r, 'profile', 'Your phone number is saved. Verify it below.');
          }}
        />
      </div>
    </Panel>
  );
}
