import type { ConfigEnv, ConfigProblem } from '../config/authConfig'
import { createEnvReader, readPlatformFields } from '../config/platformFields'
import { parseSessionUrl } from './parseSessionUrl'
import { DEFAULT_REFRESH_AHEAD_SECONDS } from './session.types'
import type { SessionConfig } from './session.types'

/** The outcome of {@link readSessionConfig}: the config, or every problem at once. */
export type SessionConfigResult =
  | { readonly ok: true; readonly config: SessionConfig }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] }

/** The variable naming the sign-in page, e.g. `https://signin.example.com/`. */
const SIGNIN_URL_VARIABLE = 'VITE_SIGNIN_URL'
/** The optional variable for `refreshAheadSeconds` (whole seconds; `0`: off). */
const REFRESH_AHEAD_VARIABLE = 'VITE_REFRESH_AHEAD_SECONDS'

/**
 * A sub-site's {@link SessionConfig} from its build-time variables (`import.meta.env`): the SAME
 * names and rules as the sign-in app's (`VITE_OKTA_ORG_URL`, `VITE_OKTA_AUTH_SERVER_ID`,
 * `VITE_OKTA_CLIENT_ID`, `VITE_PARENT_DOMAIN`, `VITE_LOCAL_MODE`; one piece of code reads them for
 * both), plus `VITE_SIGNIN_URL`, the sign-in page (absolute `https://` on the parent domain; any
 * `http(s)://` URL in local mode), and the optional `VITE_REFRESH_AHEAD_SECONDS` (whole seconds,
 * `0` for off; default {@link DEFAULT_REFRESH_AHEAD_SECONDS}: the background refresh that keeps
 * a page signed in through token expiries). Every problem is returned at once, each naming its
 * variable.
 *
 * ```ts
 * const result = readSessionConfig(import.meta.env)
 * if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'))
 * const session = createPlatformSession(result.config, browserSessionDeps(window))
 * ```
 * @see ../../../../shared/docs/contracts.md (the sign-in app's variables)
 */
export function readSessionConfig(env: ConfigEnv): SessionConfigResult {
  const reader = createEnvReader(env)
  const { oktaOrgUrl, authServerId, clientId, parentDomain, localMode } = readPlatformFields(reader)
  const signInText = reader.required(SIGNIN_URL_VARIABLE)
  // Without a valid parent domain, the sign-in URL is checked for its form only (as if the parent
  // domain were its own host's): its own problem is not reported on top of the domain's.
  const signInUrl =
    signInText === undefined
      ? undefined
      : parseSessionUrl(
          { parentDomain: parentDomain ?? ownDomainOf(signInText), localMode },
          signInText,
        )
  if (signInUrl === null)
    reader.invalid(
      SIGNIN_URL_VARIABLE,
      localMode
        ? 'the sign-in page as an absolute http:// or https:// URL, such as http://localhost:3000/'
        : 'the sign-in page as an absolute https:// URL on the parent domain, such as https://signin.example.com/',
    )
  const aheadText = reader.text(REFRESH_AHEAD_VARIABLE)
  const refreshAheadSeconds =
    aheadText === undefined ? DEFAULT_REFRESH_AHEAD_SECONDS : wholeSeconds(aheadText)
  if (refreshAheadSeconds === null)
    reader.invalid(REFRESH_AHEAD_VARIABLE, 'a whole number of seconds, such as 120 (0: off)')
  if (reader.problems.length > 0) return { ok: false, problems: reader.problems }
  // Stryker disable all: unreachable: a value left undefined or null has recorded its problem
  // above; this check only narrows the types.
  if (
    refreshAheadSeconds === null ||
    oktaOrgUrl === undefined ||
    authServerId === undefined ||
    clientId === undefined ||
    parentDomain === undefined ||
    signInUrl === undefined ||
    signInUrl === null
  )
    return { ok: false, problems: reader.problems }
  // Stryker restore all
  return {
    ok: true,
    config: {
      oktaOrgUrl,
      authServerId,
      clientId,
      parentDomain,
      localMode,
      signInUrl,
      refreshAheadSeconds,
    },
  }
}

/** `text` as a whole number of seconds (at most a day), or null. */
function wholeSeconds(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null
  const seconds = Number(text)
  return seconds <= 86_400 ? seconds : null
}

/** `.{host}` of the absolute URL `text`; an empty domain (which nothing matches) when it is not one. */
function ownDomainOf(text: string): string {
  // Stryker disable next-line StringLiteral: parseSessionUrl refuses a text that URL cannot parse before it looks at the domain, so this value is never compared
  let domain = ''
  try {
    domain = `.${new URL(text).hostname}`
  } catch {
    // Not a URL: refused by parseSessionUrl.
  }
  return domain
}
