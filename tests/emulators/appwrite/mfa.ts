// Multi-factor authentication: TOTP authenticator (RFC 6238), challenges (totp, email, phone, recovery code),
// recovery codes, and the account's mfa switch. Sessions record the factors they completed.
import { AppwriteError, invalidParam } from './errors.ts';
import { CHALLENGES, mail, OTP_DURATION, projectName, saveUser, SESSIONS, sms } from './accounts.ts';
import { json, noContent, now, optBoolean, raw, reqString, requireUser, type Ctx, type Route } from './context.ts';
import { accountModel, sessionModel } from './models.ts';
import { newTotpSecret, verifyTotp } from './totp.ts';
import type { ChallengeRecord, SessionRecord, UserRecord } from './types.ts';
import { code, iso, sha256, uniqueId } from './util.ts';
import { randomBytes } from 'node:crypto';

const FACTORS = ['email', 'phone', 'totp', 'recoverycode'] as const;

const newRecoveryCodes = () => Array.from({ length: 10 }, () => randomBytes(5).toString('hex'));

function addFactor(ctx: Ctx, session: SessionRecord | null, factor: string): SessionRecord | null {
  if (!session) return null;
  if (!session.factors.includes(factor)) session.factors.push(factor);
  session.mfaUpdatedAt = iso(now(ctx));
  session.$updatedAt = session.mfaUpdatedAt;
  ctx.emu.store.update(ctx.project, SESSIONS, session.$id, session);
  return session;
}

function authenticatorType(ctx: Ctx): 'totp' {
  if (ctx.params.type !== 'totp') throw invalidParam('type', 'Value must be one of (totp)');
  return 'totp';
}

export function mfaRoutes(): Route[] {
  return [
    {
      method: 'PATCH',
      path: '/account/mfa',
      scope: 'account',
      handler: (ctx) => {
        const { user, session } = requireUser(ctx);
        const mfa = optBoolean(ctx, 'mfa');
        if (mfa === undefined) throw new AppwriteError('general_argument_invalid', 'Param "mfa" is not optional.');
        user.mfa = mfa;
        saveUser(ctx.emu, ctx.project, user);
        // As Appwrite: the session that switches MFA on is credited with every verified factor, so it stays usable.
        if (mfa && session) {
          const verified = [user.totp?.verified && 'totp', user.email && user.emailVerification && 'email', user.phone && user.phoneVerification && 'phone'];
          for (const f of verified) if (f && !session.factors.includes(f)) session.factors.push(f);
          ctx.emu.store.update(ctx.project, SESSIONS, session.$id, session);
        }
        return json(accountModel(user));
      },
    },
    {
      method: 'GET',
      path: '/account/mfa/factors',
      scope: 'account',
      mfa: true,
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        return json({ totp: !!user.totp?.verified, phone: user.phoneVerification, email: user.emailVerification, recoveryCode: user.mfaRecoveryCodes.length > 0 });
      },
    },
    {
      method: 'POST',
      path: '/account/mfa/authenticators/:type',
      scope: 'account',
      handler: (ctx) => {
        authenticatorType(ctx);
        const { user } = requireUser(ctx);
        if (user.totp?.verified) throw new AppwriteError('user_authenticator_already_verified');
        const secret = newTotpSecret();
        user.totp = { secret, verified: false };
        saveUser(ctx.emu, ctx.project, user);
        const issuer = projectName(ctx.emu);
        const label = encodeURIComponent(`${issuer}:${user.email || user.$id}`);
        const uri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
        return json({ secret, uri }, 200);
      },
    },
    {
      method: 'PUT',
      path: '/account/mfa/authenticators/:type',
      scope: 'account',
      handler: (ctx) => {
        authenticatorType(ctx);
        const { user, session } = requireUser(ctx);
        const otp = reqString(ctx, 'otp', 256);
        if (!user.totp) throw new AppwriteError('user_authenticator_not_found');
        if (user.totp.verified) throw new AppwriteError('user_authenticator_already_verified');
        if (!verifyTotp(user.totp.secret, otp, now(ctx))) throw new AppwriteError('user_invalid_token');
        user.totp.verified = true;
        saveUser(ctx.emu, ctx.project, user);
        addFactor(ctx, session, 'totp');
        return json(accountModel(user));
      },
    },
    {
      method: 'DELETE',
      path: '/account/mfa/authenticators/:type',
      scope: 'account',
      mfaProtected: true,
      handler: (ctx) => {
        authenticatorType(ctx);
        const { user } = requireUser(ctx);
        if (!user.totp) throw new AppwriteError('user_authenticator_not_found');
        user.totp = null;
        saveUser(ctx.emu, ctx.project, user);
        return noContent();
      },
    },
    ...(['/account/mfa/challenges', '/account/mfa/challenge'] as const).flatMap((path): Route[] => [
      {
        method: 'POST',
        path,
        scope: 'account',
        mfa: true,
        handler: (ctx) => {
          const { user } = requireUser(ctx);
          const factor = raw(ctx, 'factor');
          if (factor === undefined) throw new AppwriteError('general_argument_invalid', 'Param "factor" is not optional.');
          if (typeof factor !== 'string' || !(FACTORS as readonly string[]).includes(factor)) {
            throw invalidParam('factor', `Value must be one of (${FACTORS.join(', ')})`);
          }
          const type = factor as ChallengeRecord['type'];
          const otp = code();
          if (type === 'email') {
            if (!user.email) throw new AppwriteError('user_email_not_found');
            if (!user.emailVerification) throw new AppwriteError('user_email_not_verified');
          }
          if (type === 'phone') {
            if (!user.phone) throw new AppwriteError('user_phone_not_found');
            if (!user.phoneVerification) throw new AppwriteError('user_phone_not_verified');
          }
          const nowMs = now(ctx);
          const challenge: ChallengeRecord = { $id: uniqueId(nowMs), $createdAt: iso(nowMs), userId: user.$id, type, codeHash: sha256(otp), expire: iso(nowMs + OTP_DURATION * 1000) };
          ctx.emu.store.insert(ctx.project, CHALLENGES, challenge.$id, () => challenge);
          if (type === 'email') mail(ctx, user.email, `Verification Code for ${projectName(ctx.emu)}`, `Hello ${user.name},\n\nEnter the following code to confirm your sign-in to ${projectName(ctx.emu)}. It expires in 15 minutes.\n\n${otp}\n\nThanks,\n${projectName(ctx.emu)} team`);
          if (type === 'phone') sms(ctx, user.phone, otp);
          return json({ $id: challenge.$id, $createdAt: challenge.$createdAt, userId: challenge.userId, expire: challenge.expire }, 201);
        },
      },
      {
        method: 'PUT',
        path,
        scope: 'account',
        mfa: true,
        handler: (ctx) => {
          const { user, session } = requireUser(ctx);
          const challengeId = reqString(ctx, 'challengeId', 256);
          const otp = reqString(ctx, 'otp', 256);
          const challenge = ctx.emu.store.get<ChallengeRecord>(ctx.project, CHALLENGES, challengeId);
          if (!challenge || challenge.userId !== user.$id || Date.parse(challenge.expire) < now(ctx)) throw new AppwriteError('user_invalid_token');
          if (!passes(ctx, user, challenge, otp)) throw new AppwriteError('user_invalid_token');
          ctx.emu.store.delete(ctx.project, CHALLENGES, challenge.$id);
          const updated = addFactor(ctx, session, challenge.type);
          if (!updated) throw new AppwriteError('user_session_not_found');
          return json(sessionModel(updated, true));
        },
      },
    ]),
    {
      method: 'POST',
      path: '/account/mfa/recovery-codes',
      scope: 'account',
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        if (user.mfaRecoveryCodes.length > 0) throw new AppwriteError('user_recovery_codes_already_exists');
        user.mfaRecoveryCodes = newRecoveryCodes();
        saveUser(ctx.emu, ctx.project, user);
        return json({ recoveryCodes: user.mfaRecoveryCodes }, 201);
      },
    },
    {
      method: 'GET',
      path: '/account/mfa/recovery-codes',
      scope: 'account',
      mfaProtected: true,
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        if (user.mfaRecoveryCodes.length === 0) throw new AppwriteError('user_recovery_codes_not_found');
        return json({ recoveryCodes: user.mfaRecoveryCodes });
      },
    },
    {
      method: 'PATCH',
      path: '/account/mfa/recovery-codes',
      scope: 'account',
      mfaProtected: true,
      handler: (ctx) => {
        const { user } = requireUser(ctx);
        if (user.mfaRecoveryCodes.length === 0) throw new AppwriteError('user_recovery_codes_not_found');
        user.mfaRecoveryCodes = newRecoveryCodes();
        saveUser(ctx.emu, ctx.project, user);
        return json({ recoveryCodes: user.mfaRecoveryCodes });
      },
    },
  ];
}

function passes(ctx: Ctx, user: UserRecord, challenge: ChallengeRecord, otp: string): boolean {
  switch (challenge.type) {
    case 'totp':
      return !!user.totp?.verified && verifyTotp(user.totp.secret, otp, now(ctx));
    case 'email':
    case 'phone':
      return sha256(otp) === challenge.codeHash;
    case 'recoverycode': {
      if (!user.mfaRecoveryCodes.includes(otp)) return false;
      user.mfaRecoveryCodes = user.mfaRecoveryCodes.filter((c) => c !== otp);
      saveUser(ctx.emu, ctx.project, user);
      return true;
    }
  }
}
