/**
 * The sign-in flow as data: a state per step, events named for what happened, effects for the
 * shell to run. All plain, serializable JSON.
 */
import type {
  AuthnCall,
  AuthnCallKind,
  AuthnTransaction,
  AuthnUserProfile,
  PasswordComplexity,
  TotpProvider,
} from '../authn/authn.types'
import type { CodeEntryEvent, CodeEntryState } from '../codeEntry/codeEntry.types'
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import type { AuthErrorCode } from '../errors/authError'
import type { AuthorizationRequest, CallbackParams, TokenSet } from '../oauth/oauth.types'

/* --- Constants --- */

/** Wait before the browser is sent to `/authorize` (spec section 9). */
export const AUTHORIZE_REDIRECT_DELAY_MS = 1000
/** An OAuth transaction older than this is refused at the callback (security checklist A3). */
export const OAUTH_TRANSACTION_MAX_AGE_MS = 10 * 60 * 1000

/** The location hash of each step that has one. Empty is the email step; `#sign-in` the password step. */
export const STEP_HASHES = {
  email: '',
  password: '#sign-in',
  code: '#verify',
  factorChoice: '#setup',
  enrollActivate: '#activate',
  passwordExpired: '#new-password',
  locked: '#locked',
  unlockSent: '#unlock-sent',
} as const

/** A hash the flow writes. */
export type StepHash = (typeof STEP_HASHES)[keyof typeof STEP_HASHES]

/** What the app keeps in sessionStorage across the redirects (spec section 3, plus the OAuth state). */
export type StoredItem = 'pkceVerifier' | 'stateToken' | 'mfaRedirect' | 'oauthState' | 'returnTo'

/** The one timer of the flow. */
export type TimerId = 'authorizeRedirect'

/** How the person got to the authorization redirect: decides what the page shows meanwhile. */
export type SignInVia = 'password' | 'mfa'

/**
 * The identity of one attempt: one round of asynchronous work (requests, the 1000 ms timer) that
 * the page is waiting for. The reducer allocates it from the state (the state's `attempt` plus
 * one) whenever a transition starts asynchronous work or leaves its step; every such effect
 * carries it and its result event echoes it. A result whose `attempt` is not the state's is an
 * answer to an attempt that is no longer current, and is ignored.
 */
export type AttemptId = number

/** Longest rate-limit wait the page shows; a later `X-Rate-Limit-Reset` is treated as this. */
export const MAX_RATE_LIMIT_WAIT_MS = 10 * 60 * 1000
/** The wait when Okta gives no usable `X-Rate-Limit-Reset`. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 60 * 1000
/** How often the page's clock ticks while a wait is counted down. */
export const CLOCK_TICK_MS = 1000

/**
 * A rate-limit wait (Okta `E0000047`): nothing is sent until it is over. The clock reaches the
 * flow only as `clockTicked` events; the first tick fixes the end when Okta gave none.
 */
export interface RetryWait {
  /** Epoch ms when sending is allowed again; null until the first tick when Okta gave no reset. */
  readonly until: number | null
  /** Whole seconds left at the last tick (null before the first tick). */
  readonly secondsLeft: number | null
}

/** The remember-device choice on the code step, when the policy offers it. */
export interface RememberDeviceChoice {
  /** `rememberDeviceLifetimeInMinutes`; 0 means until the device is forgotten. */
  readonly lifetimeMinutes: number
  readonly chosen: boolean
}

/** What the already-signed-in step knows about the live session (from the cookies). */
export interface SignedInSession {
  /**
   * Who is signed in, as the identity provider vouched for it: the `email` (else `sub`) of an
   * access token whose signature the authorization server's keys verified. Null while the check
   * runs, and for a session with a refresh token only (nobody is named then).
   */
  readonly who: string | null
}

/**
 * What the already-signed-in step is checking with `verifySession`: `session` at load (nothing is
 * asked yet), `continue` after Continue (the cookies must still hold the session that was shown).
 */
export type SessionCheck = 'session' | 'continue'

/** What the page found in the parent-domain cookies at load (from `readSessionSnapshot`). */
export type PageSession =
  | { readonly status: 'none' }
  /**
   * An unexpired access token, or a refresh token that can renew it. `who` is read from the
   * access token without checking its signature: never shown (the page verifies the token first).
   */
  | { readonly status: 'live'; readonly who: string | null }

/* --- State --- */

/** What every step that can show an error has in common. */
export interface Failable {
  /** The error shown on this step, or null. */
  readonly error: AuthErrorCode | null
}

/**
 * The steps, one variant per step, each holding only that step's fields. The password is never
 * part of the state: it lives in the field and leaves in one effect.
 */
export type SignInStepState =
  /** Before the page has been read. */
  | { readonly step: 'booting' }
  | (Failable & {
      readonly step: 'email'
      readonly email: string
      /** A submit was attempted with an invalid email: only then is the field marked invalid. */
      readonly attempted: boolean
    })
  | (Failable & {
      readonly step: 'password'
      readonly email: string
      /** Primary authentication is in flight: further submits are ignored. */
      readonly submitting: boolean
      readonly attempted: boolean
      /** A rate-limit wait in progress: Sign in stays disabled until it is over. */
      readonly retry?: RetryWait | null
    })
  | (Failable & {
      readonly step: 'code'
      readonly email: string | null
      readonly stateToken: string
      readonly factorId: string
      readonly code: CodeEntryState
      readonly verifying: boolean
      /** Offered when the policy allows remembering the device (`allowRememberDevice`). */
      readonly rememberDevice?: RememberDeviceChoice | null
      readonly retry?: RetryWait | null
    })
  | (Failable & {
      readonly step: 'factorChoice'
      readonly email: string | null
      readonly stateToken: string
      /** TOTP authenticators the provider offers as NOT_SETUP, in the provider's order. */
      readonly factors: readonly TotpProvider[]
      /** The enrolment in flight, if any. */
      readonly enrolling: TotpProvider | null
    })
  | (Failable & {
      readonly step: 'enrollActivate'
      readonly email: string | null
      readonly stateToken: string
      readonly factorId: string
      readonly provider: TotpProvider
      readonly sharedSecret: string
      readonly qrCodeUrl: string
      readonly code: CodeEntryState
      readonly activating: boolean
      readonly retry?: RetryWait | null
    })
  /** `PASSWORD_EXPIRED`: current, new and confirmed password, checked against the org's rules. */
  | (Failable & {
      readonly step: 'passwordExpired'
      readonly email: string | null
      readonly stateToken: string
      /** The org's rules; null when Okta sent none (then it alone judges). */
      readonly complexity: PasswordComplexity | null
      readonly user: AuthnUserProfile | null
      /** The change is in flight: further submits are ignored. */
      readonly changing: boolean
      readonly retry?: RetryWait | null
    })
  /** `LOCKED_OUT` or `E0000069`: the account is locked; unlock by email when allowed. */
  | (Failable & {
      readonly step: 'locked'
      readonly email: string | null
      /** Self-service unlock is offered (Okta published `unlock`, or did not say otherwise). */
      readonly canUnlock: boolean
      /** The unlock request is in flight. */
      readonly sending: boolean
      readonly retry?: RetryWait | null
    })
  /** The unlock email is on its way (said the same way whether or not the account exists). */
  | { readonly step: 'unlockSent'; readonly email: string | null }
  /** A plain visit while the parent-domain cookies hold a live session: continue or switch. */
  | {
      readonly step: 'signedIn'
      readonly session: SignedInSession
      /** Where Continue goes (the redirect target the normal rules pick). */
      readonly target: string
      /** Signing out to use another account: the session is being ended. */
      readonly signingOut: boolean
      /** The check of the session that runs (`verifySession`), or null when none does. */
      readonly checking: SessionCheck | null
    }
  /**
   * A reload in the middle of MFA: the stored transaction is being fetched again. With the
   * MFA-redirect flag set the page shows the code step verifying (spec section 2).
   */
  | { readonly step: 'resuming'; readonly email: string | null; readonly mfaRedirect: boolean }
  /** Waiting the 1000 ms before `/authorize`, while the PKCE request is prepared. */
  | {
      readonly step: 'authorizing'
      readonly via: SignInVia
      readonly email: string | null
      readonly sessionToken: string
      readonly authorizeUrl: string | null
      readonly delayElapsed: boolean
    }
  /** Leaving for Google's consent page. */
  | { readonly step: 'redirectingToGoogle'; readonly email: string }
  /** Back from `/authorize`: exchanging the code. */
  | { readonly step: 'callback'; readonly via: SignInVia; readonly target: string }
  /** Back from Google: the product API is exchanging the Google code for cookies. */
  | { readonly step: 'googleReturn'; readonly target: string }
  /** Cookies are written and the browser is leaving. */
  | {
      readonly step: 'done'
      readonly via: SignInVia | 'google'
      /**
       * The sign-in without its deep link, for when storage refuses to keep it (`returnTo`): the
       * same cookies and a logout that returns straight to the sub-site's root. Absent otherwise.
       */
      readonly withoutDeepLink?: FinishSignIn
    }

/** What every state carries besides its step's fields. */
export interface AttemptScoped {
  /** The current attempt: results carrying another id are ignored. */
  readonly attempt: AttemptId
}

/** The flow state: a step (discriminated on `step`) and the current attempt. */
export type SignInState = SignInStepState & AttemptScoped

/** The name of a step. */
export type SignInStep = SignInState['step']

/* --- Events --- */

/** What the page read at start-up, handed to the flow once. */
export interface PageSnapshot {
  readonly hash: string
  readonly search: string
  /** The page's host, e.g. `login.example.com`. */
  readonly host: string
  /**
   * The path the page was opened at (`location.pathname`, e.g. `/a/b` for `/a/b#sign-in`), before
   * the flow resets the address to `/`. Both token cookies are expired at every ancestor path of it
   * (cookies tossed in by a sibling sub-domain with a deeper Path, which the browser would list
   * before ours). Absent: `/` (nothing deeper to expire).
   */
  readonly path?: string
  /** The email kept in `history.state` by an earlier `setLocation`, if any. */
  readonly historyEmail: string | null
  /** The raw sessionStorage items (null when absent). */
  readonly stored: { readonly [K in StoredItem]: string | null }
  /** The raw `post_login_redirect` cookie, if any. */
  readonly postLoginRedirect: string | null
  /**
   * The raw `post_login_path` cookie (the page on the sub-site to come back to), if any; absent
   * means none. Used only when valid and `postLoginRedirect` names the target.
   */
  readonly postLoginPath?: string | null
  /** Epoch milliseconds. */
  readonly now: number
  /** The platform session in the parent-domain cookies; absent means none. */
  readonly session?: PageSession
}

/** Something the person or the page did. */
export type SignInInputEvent =
  | { readonly type: 'pageLoaded'; readonly page: PageSnapshot }
  /** Back/forward changed the hash; `historyEmail` is the entry's `history.state` email. */
  | { readonly type: 'hashChanged'; readonly hash: string; readonly historyEmail: string | null }
  | { readonly type: 'emailChanged'; readonly email: string }
  | { readonly type: 'emailSubmitted' }
  | { readonly type: 'googleSignInClicked' }
  | { readonly type: 'changeEmailClicked' }
  | { readonly type: 'forgotPasswordClicked' }
  | { readonly type: 'passwordSubmitted'; readonly password: string }
  | { readonly type: 'factorChosen'; readonly provider: TotpProvider }
  | { readonly type: 'codeEdited'; readonly input: CodeEntryEvent }
  | { readonly type: 'codeSubmitted' }
  /** The remember-device checkbox on the code step changed. */
  | { readonly type: 'rememberDeviceChanged'; readonly remember: boolean }
  /** The expired-password form was submitted (the passwords leave in this event only). */
  | {
      readonly type: 'newPasswordSubmitted'
      readonly oldPassword: string
      readonly newPassword: string
      readonly confirmation: string
    }
  | { readonly type: 'unlockClicked' }
  /** "Back to sign in" from the expired-password, locked or unlock-sent step. */
  | { readonly type: 'startOverClicked' }
  | { readonly type: 'continueClicked' }
  | { readonly type: 'switchAccountClicked' }
  /** The page's clock while a rate-limit wait runs (every {@link CLOCK_TICK_MS}). */
  | { readonly type: 'clockTicked'; readonly now: number }
  /** The previous session was ended (revoked or not: its cookies are gone either way). */
  | { readonly type: 'sessionEnded' }
  /** Writing to sessionStorage failed (blocked storage, quota): the shell stopped the transition. */
  | { readonly type: 'storageFailed' }

/** The result of an attempt-bound effect, as a runner computes it, before it adds the attempt. */
export type UnboundResultEvent =
  | {
      readonly type: 'authnTransactionReceived'
      readonly call: AuthnCallKind
      readonly transaction: AuthnTransaction
    }
  | {
      readonly type: 'authnCallFailed'
      readonly call: AuthnCallKind
      readonly error: AuthErrorCode
      /** Epoch seconds when a rate limit resets, when known. */
      readonly rateLimitReset?: number
    }
  | {
      readonly type: 'authorizationPrepared'
      readonly request: AuthorizationRequest
      readonly now: number
    }
  | { readonly type: 'authorizationFailed'; readonly error: AuthErrorCode }
  | { readonly type: 'timerElapsed'; readonly id: TimerId }
  /** `now`: epoch milliseconds when the answer came (dates the deep link kept across the logout). */
  | { readonly type: 'tokensReceived'; readonly tokens: TokenSet; readonly now: number }
  | { readonly type: 'tokensIncomplete'; readonly idToken: string | null }
  | { readonly type: 'tokenExchangeFailed'; readonly error: AuthErrorCode }
  | {
      readonly type: 'googleRedirectPrepared'
      readonly url: string
      readonly state: string
      readonly nonce: string
      readonly now: number
    }
  | { readonly type: 'googleRedirectFailed'; readonly error: AuthErrorCode }
  | {
      readonly type: 'googleCookiesReceived'
      readonly cookies: Readonly<Record<string, string>>
      readonly now: number
    }
  | { readonly type: 'googleSignInFailed'; readonly error: AuthErrorCode }
  /**
   * The session in the cookies, checked: `who` is the person its access token names, verified
   * against the authorization server's keys; null when there is no access token (a refresh token
   * only).
   */
  | { readonly type: 'sessionVerified'; readonly who: string | null }
  /**
   * The access token in the cookies could not be verified: a forged or foreign token, an expired
   * one, a damaged cookie, or keys that could not be fetched. Nobody is named.
   */
  | { readonly type: 'sessionUnverified' }

/** A result event that echoes the attempt of the effect it answers. */
export type AttemptResultEvent = UnboundResultEvent & AttemptScoped

/** Everything that can happen, named for what happened. */
export type SignInEvent = SignInInputEvent | AttemptResultEvent

/* --- Effects --- */

/**
 * The last step of a sign-in, as one piece: holding the platform-wide refresh lease
 * (`changeSessionCookies`: a sub-site refresh in flight finishes first, at most
 * `REFRESH_LEASE_MS`), remove `removals`, write `cookies`, release the lease, then navigate to
 * `url`. The person is never left on the page: past the lease's bound, the cookies are
 * written anyway.
 */
export interface FinishSignIn {
  readonly type: 'finishSignIn'
  /**
   * The token cookies this sign-in does not write (an answer without a refresh token): the
   * previous person's are removed, so every sign-in writes or removes both.
   */
  readonly removals: readonly CookieRemoval[]
  readonly cookies: readonly CookieWrite[]
  readonly url: string
  readonly mode: 'assign' | 'replace'
}

/** Work for the shell that finishes at once, as data. */
export type ImmediateEffect =
  /**
   * Set the address to the root path `/` with this hash (the empty hash: `/` alone), remembering
   * the email in `history.state`, pushing or replacing the entry.
   */
  | {
      readonly type: 'setLocation'
      readonly hash: StepHash
      readonly email: string | null
      readonly mode: 'push' | 'replace'
    }
  /** Set the address to the root path `/` with `history.replaceState`, before any request. */
  | { readonly type: 'clearUrl' }
  | { readonly type: 'persist'; readonly item: StoredItem; readonly value: string }
  | { readonly type: 'forget'; readonly item: StoredItem }
  | { readonly type: 'navigate'; readonly url: string; readonly mode: 'assign' | 'replace' }
  /** Tick `clockTicked` now and every {@link CLOCK_TICK_MS} (one ticker: a second start restarts it). */
  | { readonly type: 'startClock' }
  | { readonly type: 'stopClock' }
  /**
   * End the session as `signOut` does without the provider redirect, through the same
   * `changeSessionCookies` under the platform-wide refresh lease, so that a sub-site refresh in
   * flight finishes first and none starts meanwhile: read the refresh token and the access
   * token, remove `cookies` (the token cookies), revoke both. Result: `sessionEnded`, whatever
   * the answers; a lease that stays contested past its bound, or code that cannot be loaded,
   * delays but never skips the removal.
   */
  | { readonly type: 'endSession'; readonly cookies: readonly CookieRemoval[] }
  /** The last step of a sign-in: {@link FinishSignIn}. */
  | FinishSignIn
  | { readonly type: 'removeCookie'; readonly cookie: CookieRemoval }
  /** Report (a warning) the cookie names the Google path left out: names only, never values. */
  | { readonly type: 'reportIgnoredCookies'; readonly names: readonly string[] }
  /**
   * Report (a warning, sent before the page leaves) that storage refused the deep link, so the
   * person goes to the sub-site's root instead: nothing else, never the link itself.
   */
  | { readonly type: 'reportDeepLinkDropped' }
  /** Report a failure (code and step only: never a secret). */
  | {
      readonly type: 'reportFailure'
      readonly code: AuthErrorCode
      readonly step: SignInStep
      readonly severity: 'warning' | 'error'
    }

/**
 * Asynchronous work for the shell (requests, WebCrypto, the timer), as step handlers write it;
 * the reducer tags each with the attempt it starts. Results come back as {@link AttemptResultEvent}s.
 */
export type UnboundEffect =
  /** Result: `authnTransactionReceived` or `authnCallFailed`. */
  | { readonly type: 'callAuthn'; readonly call: AuthnCall }
  /** Build the PKCE authorization request. Result: `authorizationPrepared` or `authorizationFailed`. */
  | { readonly type: 'prepareAuthorization'; readonly sessionToken: string }
  /** Build Google's consent URL. Result: `googleRedirectPrepared` or `googleRedirectFailed`. */
  | { readonly type: 'prepareGoogleRedirect' }
  /** Result: `timerElapsed`. */
  | { readonly type: 'startTimer'; readonly id: TimerId; readonly ms: number }
  /** Result: `tokensReceived`, `tokensIncomplete` or `tokenExchangeFailed`. */
  | {
      readonly type: 'exchangeCode'
      readonly callback: CallbackParams
      readonly expectedState: string
      readonly codeVerifier: string
      readonly nonce: string
    }
  /** Result: `googleCookiesReceived` or `googleSignInFailed`. */
  | { readonly type: 'callGoogleAuth'; readonly code: string; readonly nonce: string }
  /**
   * Check who the session in the cookies belongs to: the access token's signature against the
   * authorization server's keys (`verifySignedInPerson`). Result: `sessionVerified` or
   * `sessionUnverified`.
   */
  | { readonly type: 'verifySession' }

/** An asynchronous effect tagged with its attempt, which its result event echoes. */
export type AttemptBoundEffect = UnboundEffect & AttemptScoped

/** Work for the shell, as data. Results of attempt-bound effects come back as events. */
export type SignInEffect = ImmediateEffect | AttemptBoundEffect

/** The result of one transition. */
export type SignInTransition = readonly [SignInState, readonly SignInEffect[]]

/** An effect as a step handler writes it: asynchronous work not yet tagged with its attempt. */
export type StepEffect = ImmediateEffect | UnboundEffect

/** What a step handler returns; the reducer adds the attempt to the state and the effects. */
export type StepTransition = readonly [SignInStepState, readonly StepEffect[]]
