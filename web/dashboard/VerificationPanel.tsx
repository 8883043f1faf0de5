import { useAccountText } from '../auth/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import type { Models } from 'appwrite';
import { Link } from 'react-router-dom';
import { describeAuthError } from '../auth/errors.ts';
import { sendVerification } from '../auth/helpers.ts';
import { originIn } from '../auth/forms.ts';
import { pathIn } from '../../shared/i18n/locale.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { ActionButton, Note, Panel } from '../ui/kit.tsx';

function Status({ ok }: { ok: boolean }) {
  const t = useAccountText();
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ok ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}>
      <span aria-hidden="true">{ok ? '✓' : '!'}</span>
      <span>{ok ? t('account.verification.verified', 'Verified') : t('account.verification.notVerified', 'Not verified')}</span>
    </span>
  );
}

// Whether the email address and the phone number are proven, with the way to prove them.
export function VerificationPanel({ config, account }: { config: AppwritePublicConfig | null; account: Models.User<Models.Preferences> }) {
  const locale = useLocale();
  const t = useAccountText();
  return (
    <Panel id="verification" title={t('account.verification.title', 'Verification')} intro={t('account.verification.intro', 'A verified email address lets you see what you have sent us; a verified phone can be used to confirm it is you.')}>
      <dl className="grid gap-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-ink">{t('account.verification.email', 'Email address')}</dt>
          <dd className="mt-1 space-y-3">
            <p className="break-all text-slate-700">{account.email} <Status ok={account.emailVerification} /></p>
            {account.emailVerification ? null : (
              <ActionButton
                pendingLabel={t('account.sending', 'Sending…')}
                run={async () => {
                  const r = await sendVerification(config, originIn(locale));
                  return r.success
                    ? { ok: true, message: t('account.verification.sent', 'We sent a verification link to {email}.', { email: account.email }) }
                    : { ok: false, message: describeAuthError(r.error, 'send-verification', locale).message };
                }}
              >
                {t('account.verifyEmail.resend', 'Resend verification email')}
              </ActionButton>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink">{t('account.field.phone', 'Phone number')}</dt>
          <dd className="mt-1 space-y-3">
            {account.phone ? (
              <p className="text-slate-700">{account.phone} <Status ok={account.phoneVerification} /></p>
            ) : (
              <Note>{t('account.verification.noPhone', 'No phone number yet.')}</Note>
            )}
            {account.phoneVerification ? null : (
              <Link to={pathIn(locale, '/verify-phone')} className="inline-flex font-semibold text-brand-700 hover:underline">
                {account.phone ? t('account.verification.verifyPhone', 'Verify your phone number') : t('account.verification.addPhone', 'Add and verify a phone number')}
              </Link>
            )}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
