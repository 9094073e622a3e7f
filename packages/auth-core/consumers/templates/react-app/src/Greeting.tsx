import { RequireSession, SignedIn, SignedOut, useSession } from '@mapping-platform/auth-react'

/** A sub-site's own component, as its tests render it with `@mapping-platform/auth-react/testing`. */
export function Greeting() {
  const { user, status } = useSession()
  return (
    <>
      <SignedIn>
        <p>Hello {user?.name}</p>
      </SignedIn>
      <SignedOut>
        <p>Signed out ({status})</p>
      </SignedOut>
      <RequireSession subSite="citystream" returnPath="/maps" fallback={<p>Loading</p>}>
        <p>Your maps</p>
      </RequireSession>
    </>
  )
}
