import type { CookieJar } from '../cookies/cookie.types'
import type { SessionConfig } from './session.types'
import {
  planPostLoginPathCookie,
  planPostLoginPathRemoval,
  planPostLoginRedirectCookie,
} from './sessionCookies'

/**
 * `redirectToSignIn`'s work: writes `post_login_redirect` (and `post_login_path`, or removes an
 * earlier one), then goes to the sign-in page. Throws `usage_error` before any write.
 * @see ../../README.md (How the session works: `redirectToSignIn`)
 */
export function sendToSignIn(
  config: SessionConfig,
  cookies: CookieJar,
  navigate: (url: string) => void,
  signInUrl: string,
  subSite: string,
  returnPath: string | undefined,
): void {
  const write = planPostLoginRedirectCookie(config, subSite)
  const path = planPostLoginPathCookie(config, returnPath)
  cookies.set(write)
  if (path === null) cookies.remove(planPostLoginPathRemoval(config))
  else cookies.set(path)
  navigate(signInUrl)
}
