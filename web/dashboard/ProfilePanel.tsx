import { useAccountText } from '../auth/text.ts';
import type { Say } from '../../shared/i18n/say.ts';
import { useLocale } from '../i18n/i18n.ts';
import type { Models } from 'appwrite';
import { AuthForm } from '../components/content/AuthForm.tsx';
import { originIn, toOutcome } from '../auth/forms.ts';
import { accountCall, sendVerification } from '../auth/helpers.ts';
import { checkPhone, normalisePhone } from '../auth/validation.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { Panel } from '../ui/kit.tsx';

type Props = { config: AppwritePublicConfig | null; account: Models.User<Models.Preferences>; reload: () => Promise<void> };

const passwordField = (t: Say, hint: string) => ({ name: 'password' as const, label: t('account.field.currentPassword', 'Current password'), type: 'password' as const, autoComplete: 'current-password', hint });

// Name, email and phone. Appwrite asks for the account password before it changes the email address or the
// phone number (PATCH /account/email and /account/phone take the password).
export function ProfilePanel({ config, account, reload }: Props) {
  const locale = useLocale();
  const t = useAccountText();
  return (
    <Panel id="profile" title={t('account.profile.title', 'Profile')} intro={t('account.profile.intro', 'How we address you and how we reach you.')}>
      <div className="grid gap-10 lg:grid-cols-3">
        <AuthForm
          key={`name-${account.name}`}
          label={t('account.profile.nameLabel', 'Change your name')}
          submitLabel={t('account.profile.saveName', 'Save name')}
          pendingLabel={t('account.saving', 'Saving…')}
          secondary
          initial={{ name: account.name }}
          fields={[{ name: 'name', label: t('account.field.name', 'Name'), type: 'text', autoComplete: 'name' }]}
          onSubmit={async ({ name }) => {
            const r = await accountCall(config, 'profile', (aw) => aw.account.updateName({ name: name.trim() }));
            if (r.success) await reload();
            return toOutcome(r, 'profile', t('account.profile.nameSaved', 'Your name is saved.'), locale);
          }}
        />
        <AuthForm
          key={`email-${account.email}`}
          label={t('account.profile.emailLabel', 'Change your email address')}
          submitLabel={t('account.profile.saveEmail', 'Save email')}
          pendingLabel={t('account.saving', 'Saving…')}
          secondary
          initial={{ email: account.email }}
          fields={[
            { name: 'email', label: t('account.field.email', 'Email'), type: 'email', autoComplete: 'email' },
            passwordField(t, t('account.profile.emailPasswordHint', 'Appwrite asks for it to change your email address.')),
          ]}
          onSubmit={async ({ email, password }) => {
            if (email.trim().toLowerCase() === account.email.toLowerCase()) return { ok: true, message: t('account.profile.sameEmail', 'That is already your email address.') };
            const r = await accountCall(config, 'profile', (aw) => aw.account.updateEmail({ email: email.trim(), password }));
            if (!r.success) return toOutcome(r, 'profile', undefined, locale);
            const sent = await sendVerification(config, originIn(locale));
            await reload();
            return { ok: true, message: sent.success ? t('account.profile.emailChangedSent', 'Your email address is changed. We sent a verification link to the new address.') : t('account.profile.emailChanged', 'Your email address is changed.') };
          }}
        />
        <AuthForm
          key={`phone-${account.phone}`}
          label={t('account.profile.phoneLabel', 'Change your phone number')}
          submitLabel={t('account.profile.savePhone', 'Save phone')}
          pendingLabel={t('account.saving', 'Saving…')}
          secondary
          initial={{ phone: account.phone }}
          fields={[
            { name: 'phone', label: t('account.field.phone', 'Phone number'), type: 'tel', autoComplete: 'tel', inputMode: 'tel', hint: t('account.profile.phoneHint', 'With the country code, e.g. +233 24 123 4567.'), check: (v) => checkPhone(v, locale) },
            passwordField(t, t('account.profile.phonePasswordHint', 'Appwrite asks for it to change your phone number.')),
          ]}
          onSubmit={async ({ phone, password }) => {
            const number = normalisePhone(phone)!;
            if (number === account.phone) return { ok: true, message: t('account.profile.samePhone', 'That is already your phone number.') };
            const r = await accountCall(config, 'profile', (aw) => aw.account.updatePhone({ phone: number, password }));
            if (r.success) await reload();
            return toOutcome(r, 'profile', t('account.profile.phoneSaved', 'Your phone number is saved. Verify it below.'), locale);
          }}
        />
      </div>
    </Panel>
  );
}
