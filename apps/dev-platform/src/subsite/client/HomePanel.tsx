/** The home page's session panel: one view per `useSession().status`. */
import { messageFor } from '@mapping-platform/auth-core/session'
import { useSession } from '@mapping-platform/auth-react'
import type { MouseEvent } from 'react'
import { SignedInView } from './SignedInView'
import type { SubsiteConfig } from './subsiteConfig'

/** What the home page shows about the platform session. */
export function HomePanel({ config }: { readonly config: SubsiteConfig }) {
  const session = useSession()
  /** The link works without script too; with it, this sub-site is remembered first. */
  const signIn = (event: MouseEvent) => {
    event.preventDefault()
    session.redirectToSignIn(config.subsite)
  }
  const signInLink = (
    <p>
      <a href={config.session.signInUrl} onClick={signIn}>
        Sign in
      </a>
    </p>
  )
  switch (session.status) {
    case 'loading':
      return <p>Checking your session…</p>
    case 'signingOut':
      return <p>Signing out…</p>
    case 'signedOut':
      return (
        <>
          <p>Not signed in</p>
          {signInLink}
        </>
      )
    case 'error':
      // Never the provider's text: the catalogue's message for the code.
      return (
        <>
          <p role="alert">{messageFor(session.error.code)}</p>
          {signInLink}
        </>
      )
    case 'signedIn':
      return <SignedInView config={config} />
  }
}
