/**
 * The demo sub-site as a React app on `@mapping-platform/auth-react`: the home page shows the
 * session (who is signed in, the demo API through the authenticated `fetch`, Sign out; or Sign
 * in); every other path is a deep link behind `<RequireSession>`, which sends a signed-out person
 * to sign in and back to the same path and query.
 */
import { PlatformSessionProvider, RequireSession } from '@mapping-platform/auth-react'
import { HomePanel } from './HomePanel'
import { SignedInView } from './SignedInView'
import type { SubsiteConfig } from './subsiteConfig'

const CHECKING = <p>Checking your session…</p>

/** The app for this page's path. */
export function SubsiteApp({ config }: { readonly config: SubsiteConfig }) {
  const { pathname, search } = window.location
  return (
    <PlatformSessionProvider
      config={config.session}
      subSite={config.subsite}
      apiOrigins={config.apiOrigins}
    >
      {pathname === '/' ? (
        <HomePanel config={config} />
      ) : (
        <RequireSession subSite={config.subsite} fallback={CHECKING}>
          <p data-testid="deep-link">
            You are on <code>{pathname + search}</code>.
          </p>
          <SignedInView config={config} />
        </RequireSession>
      )}
    </PlatformSessionProvider>
  )
}
