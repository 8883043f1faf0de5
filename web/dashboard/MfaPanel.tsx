import { useAccountText } from '../auth/text.ts';
import { useLocale } from '../i18n/i18n.ts';
import type { Models } from 'appwrite';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthForm } from '../components/content/AuthForm.tsx';
import { describeAuthError, errorType } from '../auth/errors.ts';
import { toOutcome } from '../auth/forms.ts';
import { accountCall } from '../auth/helpers.ts';
import { checkCode } from '../auth/validation.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { QrCode } from './QrCode.tsx';
import { ActionButton, buttonClass, Note, Panel } from '../ui/kit.tsx';
import { accountKeys, useAccountQuery } from './useAccountQuery.ts';

type Props = { config: AppwritePublicConfig | null; account: Models.User<Models.Preferences>; reload: () => Promise<void> };
type Setup = { secret: string; uri: string };

function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useAccountText();
  return (
    <div className="space-y-3">
      <Note tone="warn">
        {t('account.mfa.saveCodes', 'Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.')}
      </Note>
      <ul aria-label={t('account.mfa.codes', 'Recovery codes')} className="grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-3">
        {codes.map((c) => <li key={c} className="rounded bg-slate-100 px-3 py-2 text-center text-ink">{c}</li>)}
      </ul>
    </div>
  );
}

// Two-step verification with an authenticator app (TOTP): add it (the app scans the QR code, or takes the
// key), confirm a code, keep the recovery codes, and MFA is on; later: turn it off or on, new recovery
// codes, remove the authenticator.
export function MfaPanel({ config, account, reload }: Props) {
  const locale = useLocale();
  const t = useAccountText();
  const queryClient = useQueryClient();
  const query = useAccountQuery<Models.MfaFactors>(accountKeys.mfaFactors, 'mfa', () => accountCall(config, 'mfa', (aw) => aw.account.listMFAFactors()));
  const factors = query.data ?? null;
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const error = query.error?.message ?? '';
  const loadFactors = () => queryClient.invalidateQueries({ queryKey: accountKeys.mfaFactors });

  const fail = (err: unknown) => ({ ok: false, message: describeAuthError(err, 'mfa', locale).message });

  const start = async () => {
    const r = await accountCall(config, 'mfa', async (aw) => {
      // A half-finished earlier attempt leaves an unverified authenticator: start over.
      try {
        return await aw.account.createMFAAuthenticator({ type: aw.sdk.AuthenticatorType.Totp });
      } catch (err) {
        if (errorType(err) !== 'user_authenticator_already_verified') {
          await aw.account.deleteMFAAuthenticator({ type: aw.sdk.AuthenticatorType.Totp }).catch(() => {});
          return aw.account.createMFAAuthenticator({ type: aw.sdk.AuthenticatorType.Totp });
        }
        throw err;
      }
    });
    if (!r.success || !r.data) return r.success ? undefined : fail(r.error);
    setSetup({ secret: r.data.secret, uri: r.data.uri });
    setCodes(null);
  };

  const enable = async () => {
    const r = await accountCall(config, 'mfa', async (aw) => {
      let recovery: string[] | null = null;
      try {
        recovery = (await aw.account.createMFARecoveryCodes()).recoveryCodes;
      } catch (err) {
        if (errorType(err) !== 'user_recovery_codes_already_exists') throw err;
      }
      await aw.account.updateMFA({ mfa: true });
      return recovery;
    });
    if (!r.success) return fail(r.error);
    if (r.data) setCodes(r.data);
    await Promise.all([reload(), loadFactors()]);
    return { ok: true, message: t('account.mfa.on', 'Two-step verification is on.') };
  };

  let body: ReactNode;
  if (!factors) {
    body = error ? <Note tone="error">{error}</Note> : <p className="text-sm text-slate-600">{t('account.loading', 'Loading…')}</p>;
  } else if (setup) {
    body = (
      <div className="grid gap-8 md:grid-cols-[auto_1fr]">
        <QrCode text={setup.uri} label={t('account.mfa.qr', 'QR code for your authenticator app')} />
        <div className="space-y-4">
          <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
            <li>{t('account.mfa.step1', 'Open your authenticator app (Google Authenticator, 1Password, Authy…) and scan the QR code.')}</li>
            <li>{t('account.mfa.step2', 'Or enter this key by hand:')} <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono break-all text-ink">{setup.secret}</code></li>
            <li>{t('account.mfa.step3', 'Enter the 6-digit code the app shows.')}</li>
          </ol>
          <details className="text-sm text-slate-600">
            <summary className="cursor-pointer font-semibold text-ink">{t('account.mfa.showUri', 'Show the setup address')}</summary>
            <p className="mt-2 font-mono text-xs break-all">{setup.uri}</p>
          </details>
          <AuthForm
            label={t('account.mfa.confirmLabel', 'Confirm your authenticator app')}
            submitLabel={t('account.mfa.confirm', 'Confirm and turn on')}
            pendingLabel={t('account.mfa.checking', 'Checking…')}
            fields={[{ name: 'code', label: t('account.signIn.authCode', 'Authentication code'), type: 'text', autoComplete: 'one-time-code', inputMode: 'numeric', check: (v) => checkCode(v, locale) }]}
            onSubmit={async ({ code }) => {
              const r = await accountCall(config, 'mfa', (aw) => aw.account.updateMFAAuthenticator({ type: aw.sdk.AuthenticatorType.Totp, otp: code.replace(/\s+/g, '') }));
              if (!r.success) return toOutcome(r, 'mfa', undefined, locale);
              setSetup(null);
              const on = await enable();
              return on.ok ? { ok: true } : { ok: false, message: on.message ?? '' };
            }}
          />
          <button type="button" className={buttonClass.secondary} onClick={() => setSetup(null)}>{t('account.mfa.cancel', 'Cancel')}</button>
        </div>
      </div>
    );
  } else if (!factors.totp) {
    body = (
      <ActionButton variant="primary" pendingLabel={t('account.mfa.preparing', 'Preparing…')} run={start}>
        {t('account.mfa.setUp', 'Set up an authenticator app')}
      </ActionButton>
    );
  } else {
    body = (
      <div className="space-y-5">
        <Note tone={account.mfa ? 'ok' : 'warn'}>
          {account.mfa ? t('account.mfa.onNote', 'Two-step verification is on: signing in asks for a code from your authenticator app.') : t('account.mfa.offNote', 'Your authenticator app is set up, but two-step verification is off.')}
        </Note>
        <div className="flex flex-wrap gap-3">
          {account.mfa ? (
            <ActionButton pendingLabel={t('account.mfa.turningOff', 'Turning off…')} run={async () => {
              const r = await accountCall(config, 'mfa', (aw) => aw.account.updateMFA({ mfa: false }));
              if (!r.success) return fail(r.error);
              await reload();
            }}>{t('account.mfa.turnOff', 'Turn off two-step verification')}</ActionButton>
          ) : (
            <ActionButton variant="primary" pendingLabel={t('account.mfa.turningOn', 'Turning on…')} run={enable}>{t('account.mfa.turnOn', 'Turn on two-step verification')}</ActionButton>
          )}
          <ActionButton pendingLabel={t('account.mfa.creating', 'Creating…')} run={async () => {
            const r = await accountCall(config, 'mfa', async (aw) => {
              try {
                return (await aw.account.updateMFARecoveryCodes()).recoveryCodes;
              } catch (err) {
                if (errorType(err) !== 'user_recovery_codes_not_found') throw err;
                return (await aw.account.createMFARecoveryCodes()).recoveryCodes;
              }
            });
            if (!r.success) return fail(r.error);
            setCodes(r.data ?? null);
          }}>{t('account.mfa.newCodes', 'New recovery codes')}</ActionButton>
          <ActionButton variant="danger" pendingLabel={t('account.mfa.removing', 'Removing…')} run={async () => {
            const r = await accountCall(config, 'mfa', async (aw) => {
              if (account.mfa) await aw.account.updateMFA({ mfa: false });
              await aw.account.deleteMFAAuthenticator({ type: aw.sdk.AuthenticatorType.Totp });
            });
            if (!r.success) return fail(r.error);
            setCodes(null);
            await Promise.all([reload(), loadFactors()]);
          }}>{t('account.mfa.remove', 'Remove authenticator app')}</ActionButton>
        </div>
      </div>
    );
  }

  return (
    <Panel id="mfa" title={t('account.signIn.mfaTitle', 'Two-step verification')} intro={t('account.mfa.intro', 'Protect your account with a code from an authenticator app on your phone, on top of your password.')}>
      <div className="space-y-6">
        {body}
        {codes ? <RecoveryCodes codes={codes} /> : null}
      </div>
    </Panel>
  );
}
