import bcrypt from 'bcryptjs';
import { AUTH, PASSWORD_MIN_LENGTH, RecoverBody, ResendBody, SignUpBody, UpdateUserBody, VerifyBody } from '@cofounder/shared';
import type { Db } from '../../db/client.ts';
import type { OneTimeTokenRow, UserRow } from '../../db/schema.ts';
import type { OutgoingMail } from '../../providers/email/port.ts';
import { AuthApiError, authErrors, parseAuthBody } from './auth-error.ts';
import { authBudget, isUniqueViolation, type AuthClient, type AuthContext } from './context.ts';
import { confirmationMail, recoveryMail, safeRedirect, verifyLink } from './mails.ts';
import { dropUnusedTokens, findByOtp, findByTokenHash, markUsed, replaceOneTimeToken, type OtpType } from './otp.repo.ts';
import { otpHash, randomToken, sha256, sixDigitCode } from './random.ts';
import type { SessionService } from './session.service.ts';
import { revokeSessions } from './sessions.repo.ts';
import { claimMailSlot, deleteUserRow, findUserByEmail, findUserById, insertUser, updateUser, type UserPatch } from './users.repo.ts';
import { toAuthUser } from './user-view.ts';
import type { AuthedUser } from '../../http/token-verifier.ts';

const COOLDOWN = AUTH.emailSendCooldownSeconds;

/** Sign-up, email confirmation, password recovery and profile updates of the local auth server. */
export function createAccountService(c: AuthContext, sessions: SessionService) {
  const at = () => new Date(c.now());
  const redirect = (value: string | undefined, path: string) => safeRedirect(value, path, c.publicUrl, c.corsOrigins);

  const budget = (max: number) => authBudget(c.limits, max);

  /** Counts one request against `key` (reported to the client); 429 once over `max`. */
  async function limit(client: AuthClient, key: string, max: number): Promise<void> {
    const state = await c.limiter.consume(key, budget(max));
    client.report(state);
    if (!state.ok) throw authErrors.rateLimited(state.resetSeconds);
  }

  function cooldownError(lastSent: Date | null): AuthApiError {
    const left = lastSent ? Math.ceil((lastSent.getTime() + COOLDOWN * 1000 - c.now()) / 1000) : COOLDOWN;
    return authErrors.emailCooldown(Math.max(1, left));
  }

  /** Claims the per-address send slot and stores a fresh link token + code; throws (rolling back) on cooldown. */
  async function newOneTimeToken(tx: Db, user: UserRow, type: OtpType) {
    const now = at();
    const kind = type === 'signup' ? 'confirmation' : 'recovery';
    if (!(await claimMailSlot(tx, user.id, kind, now, COOLDOWN))) {
      throw cooldownError(type === 'signup' ? user.confirmationSentAt : user.recoverySentAt);
    }
    const token = randomToken();
    const code = sixDigitCode();
    const expiresAt = new Date(now.getTime() + AUTH.emailLinkTtlSeconds * 1000);
    await replaceOneTimeToken(tx, { userId: user.id, type, tokenHash: sha256(token), otpHash: otpHash(user.id, code), createdAt: now, expiresAt });
    return { token, code };
  }

  /** Mail goes out after the commit: a PGlite transaction must not wait on SMTP or on the mailbox insert. */
  async function deliver(mail: OutgoingMail): Promise<void> {
    try {
      await c.email.send(mail);
    } catch (err) {
      c.log.error({ err, subject: mail.subject }, 'sending mail failed');
      throw new AuthApiError(500, 'unexpected_failure', 'Error sending email');
    }
  }

  function sendConfirmation(user: UserRow, secret: { token: string; code: string }, redirectTo: string) {
    const link = verifyLink(c.publicUrl, secret.token, 'signup', redirectTo);
    const firstName = user.userMetadata.first_name;
    return deliver(confirmationMail(user.email, typeof firstName === 'string' ? firstName : undefined, link, secret.code));
  }

  /**
   * A confirmed address is taken. An unconfirmed one is signed up again with the new password and names:
   * otherwise whoever registered someone else's address first would own the password that address confirms.
   * "Already registered" tells who has an account, and spec 1 §8 shows it, so it is kept but bounded: every
   * sign-up counts toward the per-IP budget, and each such answer toward the address's budget (sign-in's), so
   * only a taken address can run out of it: registering a free one is never refused by someone else's tries.
   */
  async function signUp(body: unknown, redirectTo: string | undefined, client: AuthClient) {
    await limit(client, `signup:ip:${client.ip}`, c.limits.signUpPerIp);
    if (c.signupDisabled) throw authErrors.signupDisabled();
    const input = parseAuthBody(SignUpBody, body);
    if (input.password.length < PASSWORD_MIN_LENGTH) throw authErrors.weakPassword(PASSWORD_MIN_LENGTH);
    const emailKey = `signup:email:${input.email}`;
    const emailBudget = budget(c.limits.signInPerEmail);
    const emailState = await c.limiter.check(emailKey, emailBudget);
    client.report(emailState);
    if (!emailState.ok) throw authErrors.rateLimited(emailState.resetSeconds);
    const existing = await findUserByEmail(c.db, input.email);
    if (existing?.emailConfirmedAt) {
      client.report(await c.limiter.record(emailKey, emailBudget));
      throw authErrors.userExists();
    }
    const encryptedPassword = await bcrypt.hash(input.password, c.bcryptCost);
    const userMetadata = { ...input.data, email_verified: false };
    const now = at();
    const { user, secret } = await c.db
      .transaction(async (tx) => {
        const saved = existing
          ? await updateUser(tx, existing.id, { encryptedPassword, userMetadata, updatedAt: now })
          : await insertUser(tx, { email: input.email, encryptedPassword, userMetadata, createdAt: now, updatedAt: now });
        const secret = await newOneTimeToken(tx, saved, 'signup');
        return { user: (await findUserById(tx, saved.id))!, secret };
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? authErrors.userExists() : err;
      });
    await sendConfirmation(user, secret, redirect(redirectTo, '/verify-email'));
    return toAuthUser(user);
  }

  /** Uses a one-time token: confirms the address (a recovery link proves it too) and opens a session. */
  async function consume(row: OneTimeTokenRow) {
    return c.db.transaction(async (tx) => {
      const now = at();
      if (!(await markUsed(tx, row.id, now))) throw authErrors.otpExpired();
      let user = await findUserById(tx, row.userId);
      if (!user) throw authErrors.otpExpired();
      if (!user.emailConfirmedAt) {
        const userMetadata = { ...user.userMetadata, email_verified: true };
        user = await updateUser(tx, user.id, { emailConfirmedAt: now, userMetadata, updatedAt: now });
      }
      return sessions.start(tx, user, row.type === 'recovery' ? 'recovery' : 'otp');
    });
  }

  const typesFor = (type: string): OtpType[] =>
    type === 'recovery' ? ['recovery'] : type === 'magiclink' ? ['magiclink'] : ['signup'];

  /**
   * The dashboard's hand-off to the browser extension: a one-use link token (no mail, no code) the extension
   * redeems with POST /verify {type: 'magiclink', token_hash} for a session of its own, so the two never share
   * a refresh token (rotation would revoke one of them). A newer hand-off replaces an unused older one.
   */
  async function createHandoffToken(caller: AuthedUser): Promise<{ token: string; expiresAt: Date }> {
    const user = await currentRow(caller);
    const now = at();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + AUTH.handoffTtlSeconds * 1000);
    // The code column is required; a hand-off has no code, so it holds the hash of a random one nobody knows.
    const otp = otpHash(user.id, randomToken());
    await replaceOneTimeToken(c.db, { userId: user.id, type: 'magiclink', tokenHash: sha256(token), otpHash: otp, createdAt: now, expiresAt });
    return { token, expiresAt };
  }

  /** POST /verify: a 6-digit code with its email (limited: codes are guessable), or the link's token. */
  async function verify(body: unknown, client: AuthClient) {
    const input = parseAuthBody(VerifyBody, body);
    if ('token_hash' in input) return verifyLinkToken(input.token_hash, input.type);
    const limits = [
      { key: `verify:ip:${client.ip}`, cap: budget(c.limits.verifyPerIp) },
      { key: `verify:email:${input.email}`, cap: budget(c.limits.signInPerEmail) },
    ];
    const states = await Promise.all(limits.map(({ key, cap }) => c.limiter.check(key, cap)));
    for (const state of states) client.report(state);
    if (states.some((s) => !s.ok)) throw authErrors.rateLimited(Math.max(...states.map((s) => s.resetSeconds)));
    const user = await findUserByEmail(c.db, input.email);
    const code = input.token.trim();
    const row = user ? await findByOtp(c.db, user.id, otpHash(user.id, code), typesFor(input.type), at()) : null;
    if (!row) {
      for (const { key, cap } of limits) client.report(await c.limiter.record(key, cap));
      throw authErrors.otpExpired();
    }
    return consume(row);
  }

  /** The token of an email link (GET /verify, or POST /verify with token_hash). */
  async function verifyLinkToken(token: string, type: string) {
    const row = token ? await findByTokenHash(c.db, sha256(token), typesFor(type), at()) : null;
    if (!row) throw authErrors.otpExpired();
    return consume(row);
  }

  /** Always `{}` for an unknown address, so the endpoint cannot be used to find out who has an account. */
  async function recover(body: unknown, redirectTo: string | undefined, client: AuthClient) {
    await limit(client, `recover:ip:${client.ip}`, c.limits.recoverPerIp);
    const input = parseAuthBody(RecoverBody, body);
    const user = await findUserByEmail(c.db, input.email);
    if (!user) return {};
    const secret = await c.db.transaction((tx) => newOneTimeToken(tx, user, 'recovery'));
    const link = verifyLink(c.publicUrl, secret.token, 'recovery', redirect(redirectTo, '/reset-password'));
    await deliver(recoveryMail(user.email, link, secret.code));
    return {};
  }

  async function resend(body: unknown, redirectTo: string | undefined, client: AuthClient) {
    await limit(client, `resend:ip:${client.ip}`, c.limits.resendPerIp);
    const raw = (body ?? {}) as Record<string, unknown>;
    if (!raw.email && !raw.phone) throw authErrors.validation('You must provide either an email or phone number.');
    const input = parseAuthBody(ResendBody, body);
    if (input.type !== 'signup' || !input.email) {
      throw authErrors.validation('Only signup confirmation emails can be resent on this server');
    }
    const user = await findUserByEmail(c.db, input.email);
    if (!user || user.emailConfirmedAt) return {};
    const secret = await c.db.transaction((tx) => newOneTimeToken(tx, user, 'signup'));
    await sendConfirmation(user, secret, redirect(redirectTo, '/verify-email'));
    return {};
  }

  async function currentRow(caller: AuthedUser): Promise<UserRow> {
    const user = await findUserById(c.db, caller.id);
    if (!user) throw authErrors.sessionNotFound();
    return user;
  }

  async function getUser(caller: AuthedUser) {
    return toAuthUser(await currentRow(caller));
  }

  /**
   * PUT /user: a new password (checked like sign-up, and must differ) and/or metadata merged into the old.
   * A new password ends every other session of the user, as GoTrue does: whoever held the old password or a
   * stolen refresh token is signed out, and unused reset and magic links die. The session that made the change
   * (after a recovery link, the recovery session) stays signed in.
   */
  async function updateProfile(caller: AuthedUser, body: unknown) {
    const raw = (body ?? {}) as Record<string, unknown>;
    if (raw.email !== undefined || raw.phone !== undefined) {
      throw new AuthApiError(422, 'validation_failed', 'Changing the email address or phone is not supported');
    }
    const input = parseAuthBody(UpdateUserBody, body);
    const user = await currentRow(caller);
    const patch: UserPatch = { updatedAt: at() };
    if (input.password !== undefined) {
      if (input.password.length < PASSWORD_MIN_LENGTH) throw authErrors.weakPassword(PASSWORD_MIN_LENGTH);
      if (await bcrypt.compare(input.password, user.encryptedPassword)) throw authErrors.samePassword();
      patch.encryptedPassword = await bcrypt.hash(input.password, c.bcryptCost);
    }
    if (input.data) patch.userMetadata = { ...user.userMetadata, ...input.data };
    const updated = await c.db.transaction(async (tx) => {
      if (patch.encryptedPassword) {
        await revokeSessions(tx, user.id, at(), { except: caller.sessionId ?? undefined });
        // A reset or magic link mailed before the change would sign in past the new password.
        await dropUnusedTokens(tx, user.id, ['recovery', 'magiclink']);
      }
      return updateUser(tx, user.id, patch);
    });
    // Drops every cached token of the user: the ended sessions' tokens and the stale metadata of the live one.
    c.verifier.forgetUser(user.id);
    return toAuthUser(updated);
  }

  /** Removes an account and everything that cascades from it; its tokens stop working at once. */
  async function deleteUser(userId: string): Promise<boolean> {
    const removed = await deleteUserRow(c.db, userId);
    c.verifier.forgetUser(userId);
    return removed;
  }

  return { signUp, verify, verifyLinkToken, recover, resend, getUser, updateProfile, deleteUser, createHandoffToken };
}

export type AccountService = ReturnType<typeof createAccountService>;
