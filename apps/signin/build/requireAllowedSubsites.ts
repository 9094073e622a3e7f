/**
 * Stops a production build (`VITE_LOCAL_MODE` not `true`) whose `VITE_ALLOWED_SUBSITES` is
 * missing or malformed, with auth-core's message naming the variable and what to put in it
 * (contracts: required for a production build, local mode exempt). Without the list any sub-site
 * label would pass the post-login redirect (`api`, `www`), and a sub-site whose sign-out redirect
 * URI Okta does not know strands the person on Okta's error page after the tokens are written.
 *
 * Only this variable stops the build: the others are reported by the page itself, which names
 * each one (`src/config.ts`), as before. The rule is auth-core's `readAuthConfig`, read from the
 * very variables the build bakes in, so the build and the page never disagree.
 * @see ../../../shared/docs/contracts.md (VITE_ALLOWED_SUBSITES)
 */
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'
import type { Plugin } from 'vite'
import type { readAuthConfig } from '@mapping-platform/auth-core'

const VARIABLE = 'VITE_ALLOWED_SUBSITES'

/** auth-core's configuration reader, loaded through Vite's module runner as the app loads it. */
const AUTH_CONFIG = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../packages/auth-core/src/config/authConfig.ts',
)

/** The build plugin; vite.config.ts puts it first, so nothing is built before it checks. */
export function requireAllowedSubsites(): Plugin {
  return {
    name: 'signin:require-allowed-subsites',
    apply: 'build',
    async configResolved(config) {
      const { module } = await runnerImport<{ readAuthConfig: typeof readAuthConfig }>(
        AUTH_CONFIG,
        { configFile: false, root: config.root, logLevel: 'error' },
      )
      // The redirect URI only matters to the page; any https root passes its check here.
      const result = module.readAuthConfig(config.env, { redirectUri: 'https://build.invalid/' })
      const problems = result.ok ? [] : result.problems.filter((p) => p.variable === VARIABLE)
      if (problems.length > 0)
        throw new Error(
          `${problems.map((problem) => problem.message).join(' ')} Set it in apps/signin/.env.${config.mode} or the environment of the build (VITE_LOCAL_MODE=true builds are exempt).`,
        )
    },
  }
}
