import type { Models } from 'appwrite';
import { Link } from 'react-router-dom';
import { describeAuthError } from '../auth/errors.ts';
import { sendVerification } from '../auth/helpers.ts';
import type { AppwritePublicConfig } from '../../shared/config.ts';
import { ActionButton, Note, Panel } from '../ui/kit.tsx';

function Status({ ok, children }: { ok: boolean; children: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ${ok ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'}`}>
      <span aria-hidden="true">{ok ? '✓' : '!'}</span>
      <span>{children}</span>
    </span>
  );
}

// Whether the email address and the phone number are proven, with the way to prove them.
export function VerificationPanel({ config, account }: { config: AppwritePublicConfig | null; account: Models.User<Models.Preferences> }) {
  return (
    <Panel id="verification" title="Verification" intro="A verified email address lets you see what you have sent us; a verified phone can be used to confirm it is you.">
      <dl className="grid gap-6 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-ink">Email address</dt>
          <dd className="mt-1 space-y-3">
            <p className="break-all text-slate-700">{account.email} <Status ok={account.emailVerification}>{account.emailVerification ? 'Verified' : 'Not verified'}</Status></p>
            {account.emailVerification ? null : (
              <ActionButton
                pendingLabel="Sending…"
                run={async () => {
                  const r = await sendVerification(config, window.location.origin);
                  return r.success
                    ? { ok: true, message: `We sent a verification link to ${account.email}.` }
                    : { ok: false, message: describeAuthError(r.error, 'send-verification').message };
                }}
              >
                Resend verification email
              </ActionButton>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink">Phone number</dt>
          <dd className="mt-1 space-y-3">
            {account.phone ? (
              <p className="text-slate-700">{account.phone} <Status ok={account.phoneVerification}>{account.phoneVerification ? 'Verified' : 'Not verified'}</Status></p>
            ) : (
              <Note>No phone number yet.</Note>
            )}
            {account.phoneVerification ? null : (
              <Link to="/verify-phone" className="inline-flex font-semibold text-brand-700 hover:underline">
                {account.phone ? 'Verify your phone number' : 'Add and verify a phone number'}
              </Link>
            )}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
