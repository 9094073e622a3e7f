import type {
  AuthenticatedFetchSession,
  GetAccessTokenOptions,
  PlatformSession,
  SessionEvent,
  SessionSnapshot,
  SessionUser,
  SignOutOptions,
} from '@mapping-platform/auth-core/session'

/**
 * The person a stub session is signed in as, by default, with the claims the platform's scopes
 * really give: `subject` and `email` (the access token's `sub` and `email`), and no `name` (the
 * sign-in app asks for no `profile` scope, so production shows none). Give a `name` only to test
 * what a sub-site with the `profile` scope would show.
 */
export const STUB_USER: SessionUser = {
  subject: 'ada@example.com',
  email: 'ada@example.com',
  name: null,
}

/**
 * A `PlatformSession` in memory, with what it was asked to do and ways to change it. (Not
 * `@mapping-platform/auth-core/testing`'s `TestSession`, a real session over fakes: another shape.)
 */
export interface StubSession extends Omit<PlatformSession, 'redirectToSignIn'> {
  /** Records the call (with the page to come back to); ignored while signing out. */
  readonly redirectToSignIn: AuthenticatedFetchSession['redirectToSignIn']
  /** Every `redirectToSignIn` call that was not ignored (while signing out). */
  readonly redirects: { readonly subSite: string; readonly returnPath: string | null }[]
  /** Every `signOut` call. */
  readonly signOuts: SignOutOptions[]
  /** Every `getAccessToken` call's options. */
  readonly tokenRequests: (GetAccessTokenOptions | undefined)[]
  /** Signs in as `user` (another tab did), telling subscribers. */
  readonly signIn: (user?: Partial<SessionUser>) => void
  /** Ends the session (another tab signed out), telling subscribers. */
  readonly endSession: () => void
}

/** What {@link createStubSession} starts from. */
export interface StubSessionOptions {
  /** Signed in (the default) or signed out. */
  readonly signedIn?: boolean
  /** Who is signed in (merged over {@link STUB_USER}). */
  readonly user?: Partial<SessionUser>
}

/** Far in the future (2100-01-01), in epoch seconds: a test token never expires. */
const FAR_FUTURE_S = 4_102_444_800

/**
 * A session for component tests: nothing leaves memory (no cookies, no requests, no navigation).
 * `getAccessToken()` resolves an unsigned token naming the user while signed in, null otherwise;
 * `signOut()` switches to `signingOut` and records the call; `redirectToSignIn()` records the
 * call (ignored while signing out, as the real one).
 */
export function createStubSession(options: StubSessionOptions = {}): StubSession {
  const listeners = new Set<(event: SessionEvent) => void>()
  let snapshot: SessionSnapshot =
    options.signedIn === false ? { status: 'signedOut' } : activeSnapshot(options.user)
  const redirects: StubSession['redirects'] = []
  const signOuts: SignOutOptions[] = []
  const tokenRequests: StubSession['tokenRequests'] = []

  function change(next: SessionSnapshot, type: SessionEvent['type']): void {
    snapshot = next
    for (const listener of [...listeners]) listener({ type, snapshot })
  }

  return {
    redirects,
    signOuts,
    tokenRequests,
    readSession: () => snapshot,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getAccessToken: async (request) => {
      tokenRequests.push(request)
      return snapshot.status === 'signedIn' ? snapshot.accessToken : null
    },
    getUser: async () => (snapshot.status === 'signedIn' ? snapshot.user : null),
    signOut: async (request) => {
      signOuts.push(request)
      change({ status: 'signingOut' }, 'signedOut')
    },
    redirectToSignIn(subSite, request) {
      if (snapshot.status !== 'signingOut')
        redirects.push({ subSite, returnPath: request?.returnPath ?? null })
    },
    signIn: (user) => change(activeSnapshot(user), 'changedElsewhere'),
    endSession: () => change({ status: 'signedOut' }, 'signedOut'),
  }
}

function activeSnapshot(overrides: Partial<SessionUser> = {}): SessionSnapshot {
  const user = { ...STUB_USER, ...overrides }
  const claims = {
    subject: user.subject,
    email: user.email,
    expiresAt: FAR_FUTURE_S,
    issuedAt: null,
    scopes: [],
  }
  return {
    status: 'signedIn',
    accessToken: unsignedToken({ sub: user.subject, email: user.email, exp: FAR_FUTURE_S }),
    claims,
    expiresAt: FAR_FUTURE_S,
    user,
  }
}

/**
 * A JWT with these claims and a made-up signature: it decodes like an access token (the session's
 * own decoder accepts it) and verifies nowhere. Each part is base64url of the UTF-8 JSON, as in a
 * real token, so any name or address works (`btoa` takes only Latin-1 text).
 * @see https://www.rfc-editor.org/rfc/rfc7515#section-2 (BASE64URL(UTF8(JSON)))
 */
function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => {
    let bytes = ''
    for (const byte of new TextEncoder().encode(JSON.stringify(value)))
      bytes += String.fromCharCode(byte)
    return btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  }
  return `${part({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${part(claims)}.${part('not signed')}`
}
