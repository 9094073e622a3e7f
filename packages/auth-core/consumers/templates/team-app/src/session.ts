/**
 * The platform session of this sub-site, created once (the provider and the loaders share it),
 * with its values from the build's variables (`VITE_*`, as the sub-site guide says).
 */
import {
  browserSessionDeps,
  createAuthenticatedFetch,
  createPlatformSession,
  readSessionConfig,
} from '@mapping-platform/auth-core/session'
import { createSessionGuard } from '@mapping-platform/auth-react/router'
import { SUB_SITE } from './routes.tsx'

export { SUB_SITE }

const read = readSessionConfig(import.meta.env)
if (!read.ok) throw new Error(read.problems.map((problem) => problem.message).join('\n'))
export const config = read.config
export const session = createPlatformSession(config, browserSessionDeps(window))
export const requireSession = createSessionGuard(session, { subSite: SUB_SITE })
/** Our own API is on this page's origin: relative URLs (`/api/...`) carry the token. */
export const apiOrigins = [window.location.origin]
/** For loaders: no redirect of its own (the guard sends the person back to the route). */
export const api = createAuthenticatedFetch(session, {
  subSite: SUB_SITE,
  apiOrigins,
  localMode: config.localMode,
  onSignedOut: 'none',
})
