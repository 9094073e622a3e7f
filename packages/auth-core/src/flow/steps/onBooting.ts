import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { planAncestorPathRemovals } from '../../cookies/planCookieRemoval'
import { readCallbackParams } from '../../oauth/readCallbackParams'
import type { CallbackParams } from '../../oauth/oauth.types'
import { resolveRedirectTarget } from '../../redirect/resolveRedirectTarget'
import type { AuthErrorCode } from '../../errors/authError'
import { isValidEmail, normalizeEmail } from '../../validation/validation'
import type { FlowContext } from '../flowContext'
import { emailStep, failToEmail, forget, resetToEmail, unchanged } from '../flowOutcomes'
import { parseOAuthTransaction } from '../oauthTransaction'
import { readReturnTo } from '../returnTo'
import type {
  PageSnapshot,
  SignInEvent,
  SignInState,
  StepEffect,
  StepTransition,
  StoredItem,
} from '../signInFlow.types'
import { OAUTH_TRANSACTION_MAX_AGE_MS, STEP_HASHES } from '../signInFlow.types'

/**
 * How far in the future a stored OAuth transaction may be dated and still be accepted: 60 s.
 *
 * The transaction is written to this tab's `sessionStorage` with the page's own clock a few
 * seconds or minutes before the return is read with the same clock, so a date ahead of `now`
 * means the clock was set back meanwhile: an NTP step correcting a fast clock (usually well under
 * a minute), a person fixing the time, a VM resumed and resynchronised. Refusing those would send
 * an innocent person back to the email step with `invalid_callback`. Tampering gains nothing from
 * the allowance: whoever can write this origin's `sessionStorage` can write a current date just
 * as well (and the `state`, verifier and nonce with it). The allowance is bounded so that the
 * ten-minute limit stays a limit: a transaction is usable for at most ten minutes plus 60 s after
 * its date, and one dated further ahead (a clock set back by more, or a value nobody's clock
 * wrote) is refused, since its age cannot be known. Exactly 60 000 ms ahead is accepted.
 * @see ../../../../../shared/docs/security.md (A3: a stale transaction is rejected)
 */
const OAUTH_TRANSACTION_MAX_FUTURE_MS = 60_000

type BootingState = Extract<SignInState, { step: 'booting' }>

/** Forget the items of `items` that are actually stored. */
function forgetStored(page: PageSnapshot, ...items: StoredItem[]): StepEffect[] {
  return forget(...items.filter((item) => page.stored[item] !== null))
}

/** Errors the identity provider can return at `/authorize`, as flow errors. */
function authorizeError(error: string): AuthErrorCode {
  if (error === 'access_denied') return 'access_denied'
  if (
    error === 'login_required' ||
    error === 'interaction_required' ||
    error === 'consent_required'
  )
    return 'session_expired'
  return 'unknown_error'
}

/** The sub-site to end on, or null when even the default cannot be built (an invalid config). */
function redirectTarget(context: FlowContext, page: PageSnapshot): string | null {
  try {
    return resolveRedirectTarget(context.config, {
      cookieValue: page.postLoginRedirect ?? undefined,
      pathValue: page.postLoginPath ?? undefined,
      currentHost: page.host,
    })
  } catch {
    return null
  }
}

/**
 * The return from a redirect (spec section 2): the URL is cleared first, and the stored OAuth
 * transaction is forgotten whatever happens (single use). The identity provider answers in the
 * fragment, Google in the query; each return is checked only against its own provider's
 * transaction (mix-up defence), its `state` must match exactly, and nothing is exchanged otherwise.
 */
function receiveCallback(
  context: FlowContext,
  page: PageSnapshot,
  callback: CallbackParams,
): StepTransition {
  const effects: StepEffect[] = [
    { type: 'clearUrl' },
    ...forgetStored(page, 'pkceVerifier', 'oauthState', 'stateToken'),
  ]
  const pending = parseOAuthTransaction(page.stored.oauthState)
  const age = pending ? page.now - pending.createdAt : Number.POSITIVE_INFINITY
  const fresh = age <= OAUTH_TRANSACTION_MAX_AGE_MS && age >= -OAUTH_TRANSACTION_MAX_FUTURE_MS
  const provider = callback.source === 'fragment' ? 'okta' : 'google'
  const expected = pending && fresh && pending.provider === provider ? pending : null
  // Error parameters without a transaction of this tab: anyone can send such a link, so they are
  // reported as a warning, never as an error of the platform.
  const fail = (error: AuthErrorCode, forged?: boolean): StepTransition =>
    failToEmail('booting', null, error, effects, forged)

  if (!expected) {
    const forged = callback.error !== null
    // Our own return from the provider's logout after a token response without an access token.
    return fail(
      callback.source === 'query' && forged && callback.state === null
        ? 'unknown_error'
        : 'invalid_callback',
      forged,
    )
  }
  if (callback.duplicated.length > 0 || callback.state !== expected.state)
    return fail('invalid_callback')
  if (callback.error !== null) {
    if (provider === 'google')
      return fail(callback.error === 'access_denied' ? 'google_cancelled' : 'google_failed')
    return fail(authorizeError(callback.error))
  }
  const code = callback.code
  if (code === null) return fail('invalid_callback')

  const target = redirectTarget(context, page)
  if (target === null) return fail('unknown_error')
  if (provider === 'google')
    return [
      { step: 'googleReturn', target },
      [...effects, { type: 'callGoogleAuth', code, nonce: expected.nonce }],
    ]

  const codeVerifier = page.stored.pkceVerifier
  if (codeVerifier === null) return fail('invalid_callback')
  return [
    { step: 'callback', via: page.stored.mfaRedirect !== null ? 'mfa' : 'password', target },
    [
      ...effects,
      {
        type: 'exchangeCode',
        callback,
        expectedState: expected.state,
        codeVerifier,
        nonce: expected.nonce,
      },
    ],
  ]
}

/** Resume a stored transaction after a reload, or say what is missing. */
function resume(
  page: PageSnapshot,
  email: string | null,
  mfaRedirect: boolean,
  missing: AuthErrorCode,
): StepTransition {
  const stateToken = page.stored.stateToken
  if (stateToken === null)
    return failToEmail('booting', email, missing, forgetStored(page, 'pkceVerifier', 'oauthState'))
  return [
    { step: 'resuming', email, mfaRedirect },
    [
      ...forgetStored(page, 'pkceVerifier', 'oauthState'),
      { type: 'callAuthn', call: { kind: 'resume', stateToken } },
    ],
  ]
}

/** The email step at the root path, dropping a hash that cannot be honoured (spec section 2). */
function resetToRoot(page: PageSnapshot): StepTransition {
  return resetToEmail(forgetStored(page, 'pkceVerifier', 'oauthState', 'stateToken', 'mfaRedirect'))
}

/**
 * The first transition (`pageLoaded`, the only event `booting` handles): reads what the page was loaded with. A redirect return is handled first;
 * then a reload with the MFA-redirect flag resumes the code step verifying; then a live session
 * asks "already signed in" (a plain visit, and a step hash too, whose address is reset to the
 * root); then the hash picks the step, and a hash set while the email is not valid resets the
 * address to the root. Whatever
 * the step, both token cookies are expired at every ancestor path of the path the page was opened
 * at (`page.path`), so tossed copies are gone before sign-in writes ours at `/`, and a deep link
 * kept across the provider's logout (`returnTo`) is forgotten: it is followed once, on the plain
 * visit that is the logout's return, only while fresh and only with a live session.
 */
export function onBooting(
  context: FlowContext,
  state: BootingState,
  event: SignInEvent,
): StepTransition {
  if (event.type !== 'pageLoaded') return unchanged(state)
  const { page } = event
  const [next, effects] = loadPageAt(context, page)
  return [
    next,
    [...forgetStored(page, 'returnTo'), ...effects, ...expireTossedTokenCookies(context, page)],
  ]
}

/**
 * Deletions of `access_token` and `refresh_token` at every ancestor path of the path the page was
 * opened at (`/a`, `/a/`, `/a/b` for `/a/b`): a sibling sub-domain can toss them in with
 * `Domain={parent}; Path=/a`, and the sign-in page expires them before it writes its own at `/`.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity: cookie tossing)
 */
function expireTossedTokenCookies(context: FlowContext, page: PageSnapshot): StepEffect[] {
  const names = [COOKIE_NAMES.accessToken, COOKIE_NAMES.refreshToken]
  return planAncestorPathRemovals(context.config, names, page.path ?? '/').map((cookie) => ({
    type: 'removeCookie',
    cookie,
  }))
}

/**
 * The "already signed in" question when the cookies hold a live session and its sub-site can be
 * built, with `effects`; null otherwise (the caller shows its own step). Nothing is asked before
 * the session is checked (`verifySession`): the question names only a person the identity
 * provider vouched for, never the unverified cookie's.
 */
function askIfSignedIn(
  context: FlowContext,
  page: PageSnapshot,
  effects: StepEffect[],
): StepTransition | null {
  if (page.session?.status !== 'live') return null
  const target = redirectTarget(context, page)
  if (target === null) return null
  return [
    { step: 'signedIn', session: { who: null }, target, signingOut: false, checking: 'session' },
    [...effects, { type: 'verifySession' }],
  ]
}

function loadPageAt(context: FlowContext, page: PageSnapshot): StepTransition {
  const callback = readCallbackParams(page.hash, page.search)
  if (callback) return receiveCallback(context, page, callback)

  const email =
    page.historyEmail !== null && isValidEmail(page.historyEmail)
      ? normalizeEmail(page.historyEmail)
      : null
  // The flag without a state token: the return from /authorize after MFA used the transaction
  // up, and the page was reloaded while the code was exchanged.
  if (page.stored.mfaRedirect !== null) return resume(page, email, true, 'sign_in_interrupted')

  const stale = forgetStored(page, 'pkceVerifier', 'oauthState', 'stateToken')
  if (page.hash === '' || page.hash === '#') {
    // Back from the provider's logout after a sign-in to a deep link: on to it, once.
    const returnTo = readReturnTo(context.config, page.stored.returnTo, page.now)
    if (returnTo !== null && page.session?.status === 'live')
      return [
        { step: 'done', via: 'password' },
        [...stale, { type: 'navigate', url: returnTo, mode: 'replace' }],
      ]
    // A plain visit with a live session: ask, never redirect by itself (no loop with a sub-site
    // that rejects the token and sends the person back).
    return askIfSignedIn(context, page, stale) ?? [emailStep(page.historyEmail ?? ''), stale]
  }
  // A step hash over a live session asks too, at the root address: a second person never starts
  // a sign-in over the first one's cookies without being told.
  const asked = askIfSignedIn(context, page, [
    ...stale,
    { type: 'setLocation', hash: STEP_HASHES.email, email: null, mode: 'replace' },
  ])
  if (asked !== null) return asked
  switch (page.hash) {
    case STEP_HASHES.password:
      if (email === null) return resetToRoot(page)
      return [{ step: 'password', email, submitting: false, attempted: false, error: null }, stale]
    case STEP_HASHES.code:
      return email === null ? resetToRoot(page) : resume(page, email, false, 'missing_mfa_data')
    case STEP_HASHES.factorChoice:
    case STEP_HASHES.enrollActivate:
    case STEP_HASHES.passwordExpired:
      return email === null ? resetToRoot(page) : resume(page, email, false, 'missing_state_token')
    default:
      return resetToRoot(page)
  }
}
