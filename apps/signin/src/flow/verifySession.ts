/**
 * The check behind "You’re signed in as …", in the provider clients' chunk (`networkEffects`: the
 * key-set schema and the WebCrypto verification are not part of the first load): who the access
 * token in the cookies names, verified against the authorization server's keys
 * (`{issuer}/v1/keys`, an origin the page's CSP `connect-src` already allows). `runEffect` is
 * still the only place that runs it.
 */
import { COOKIE_NAMES, fetchSigningKeys, verifySignedInPerson } from '@mapping-platform/auth-core'
import type { SigningKeys, UnboundResultEvent } from '@mapping-platform/auth-core'
import type { EffectAdapters } from './runEffect'

/**
 * The longest the page waits for the keys before it gives up and shows the plain email step: a
 * person who is signed in should not look at "Loading…" for the whole request timeout.
 */
export const SESSION_CHECK_TIMEOUT_MS = 5000

/** The keys of each page (its adapters), fetched once; a failed fetch is tried again next time. */
const keysOf = new WeakMap<EffectAdapters, Promise<SigningKeys>>()

/**
 * `sessionVerified` with the person the access token names when the authorization server's keys
 * verify it, `sessionVerified` with nobody when there is no access token and one refresh token
 * (a refresh token only), and `sessionUnverified` for anything else: no token left at all (a
 * tossed copy the page expired at load was all there was), a forged, foreign or expired token, a
 * duplicated cookie, keys that cannot be fetched in {@link SESSION_CHECK_TIMEOUT_MS}.
 */
export async function verifySession(adapters: EffectAdapters): Promise<UnboundResultEvent> {
  const { config, timers } = adapters
  const tokens = adapters.cookies.getAll(COOKIE_NAMES.accessToken)
  const [token] = tokens
  if (token === undefined || token === '') {
    const refresh = adapters.cookies.getAll(COOKIE_NAMES.refreshToken)
    return refresh.length === 1 && refresh[0] !== ''
      ? { type: 'sessionVerified', who: null }
      : { type: 'sessionUnverified' }
  }
  if (tokens.length > 1) return { type: 'sessionUnverified' }
  let keys = keysOf.get(adapters)
  if (keys === undefined) {
    keys = fetchSigningKeys(config, {
      signal: timers.deadline(Math.min(SESSION_CHECK_TIMEOUT_MS, config.requestTimeoutMs)),
      ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
    })
    keysOf.set(adapters, keys)
  }
  try {
    const who = await verifySignedInPerson(config, token, await keys, timers.now())
    return who === null ? { type: 'sessionUnverified' } : { type: 'sessionVerified', who }
  } catch {
    keysOf.delete(adapters)
    return { type: 'sessionUnverified' }
  }
}
