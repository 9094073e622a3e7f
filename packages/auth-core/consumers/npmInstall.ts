// How the consumer projects and the sub-site team's app install with npm (no vitest import:
// e2e/support/teamApp.ts installs the team's app with them too).

/** `npm install` as a sub-site team runs it: from the cache when it can, quietly, no lockfile. */
export const NPM_INSTALL_ARGS: readonly string[] = [
  'install',
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
  '--no-package-lock',
  '--loglevel=error',
]

/**
 * This process's environment without what pnpm, vitest and Playwright set for themselves: npm
 * reads their `npm_config_*` (and `npm_package_*`, `npm_lifecycle_*`) variables, and
 * `NODE_OPTIONS` would load their hooks into npm and the builds it runs.
 */
export function npmEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined &&
        !/^npm_(config|package|lifecycle)_/i.test(entry[0]) &&
        entry[0] !== 'NODE_OPTIONS',
    ),
  )
}
