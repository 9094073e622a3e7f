import { existsSync } from 'node:fs'

/**
 * The recorded Okta bodies, `shared/okta-authn-fixtures` beside the repository (the folder that
 * holds `pnpm-workspace.yaml`). Found by walking up from this file rather than by a fixed number of
 * `../`, so it also resolves from a copy of the package, such as Stryker's sandbox
 * (`.stryker-tmp/sandbox-…/src/testSupport`).
 */
export const SHARED_FIXTURES: URL = findSharedFixtures(new URL('.', import.meta.url))

function findSharedFixtures(start: URL): URL {
  for (let dir = start; ; dir = new URL('..', dir)) {
    if (existsSync(new URL('pnpm-workspace.yaml', dir))) {
      return new URL('../shared/okta-authn-fixtures/', dir)
    }
    if (dir.pathname === '/') {
      throw new Error(`No pnpm-workspace.yaml above ${start.pathname}: cannot find the fixtures.`)
    }
  }
}
