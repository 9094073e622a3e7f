import { recoveryChallengeBody } from '../authnResponses'
import type { OktaUser } from '../store'
import { UNLOCK_TOKEN_TTL_MS } from './authnKit'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/recovery/unlock` with `{username, factorType: "EMAIL"}`: always the
 * same `RECOVERY_CHALLENGE` answer (no enumeration). Only a locked user whose policy allows
 * self-service unlock gets an email, with a one-use link valid for an hour.
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account
 */
export function unlockAccount(kit: AuthnKit, body: Body): AuthnOutcome {
  const { store, clock, random, okta, fail } = kit
  const { username, factorType } = body
  if (typeof username !== 'string' || username.trim() === '')
    return fail('E0000001', { detail: 'username' })
  if (factorType !== 'EMAIL') return fail('E0000001', { detail: 'factorType' })
  const user = store.userByLogin(username)
  if (user?.locked && user.selfServiceUnlock) {
    const token = random.token()
    const now = clock.now()
    store.unlockTokens.set(token, {
      userId: user.id,
      expiresAt: now + UNLOCK_TOKEN_TTL_MS,
      used: false,
    })
    const link = `${okta}/signin/unlock/${token}`
    store.emails.push({
      to: user.login,
      subject: 'Unlock your account',
      text: `Someone asked to unlock the account ${user.login}. Open the link within an hour to unlock it. If it was not you, ignore this email.`,
      link,
      sentAt: new Date(now).toISOString(),
    })
  }
  return { status: 200, body: recoveryChallengeBody('UNLOCK') }
}

/** Follows an emailed unlock link: true when it unlocked the account (once, within the hour). */
export function redeemUnlock(kit: AuthnKit, token: string): OktaUser | null {
  const { store, clock } = kit
  const record = store.unlockTokens.get(token)
  if (!record || record.used || record.expiresAt <= clock.now()) return null
  record.used = true
  const user = store.users.get(record.userId)
  if (!user) return null
  user.locked = false
  user.failedPasscodes = 0
  return user
}
