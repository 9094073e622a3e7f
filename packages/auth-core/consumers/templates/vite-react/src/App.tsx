import type { PlatformSession } from '@mapping-platform/auth-core/session'

/** The sub-site's header: who is signed in (from the cookies, no request), or a way to sign in. */
export function App({ session }: { readonly session: PlatformSession }) {
  const snapshot = session.readSession()
  if (snapshot.status === 'signedIn' || snapshot.status === 'expired')
    return <p data-status={snapshot.status}>Signed in as {snapshot.claims?.email ?? 'someone'}</p>
  return (
    <p data-status={snapshot.status}>
      <button type="button" onClick={() => session.redirectToSignIn('citystream')}>
        Sign in
      </button>
    </p>
  )
}
