/**
 * What the platform session costs a sub-site's first load, and that the server entry stays out of
 * it. Bundles two tiny entries the way a sub-site's bundler would (esbuild, minified, ES2022,
 * browser; auth-core and auth-react from their TypeScript source, as the dev platform and the
 * sign-in app consume auth-core), gzips each at level 9 and fails past a budget:
 *
 * - session bundle: `createPlatformSession` + `browserSessionDeps` ≤ 12 500 bytes gzipped (KB =
 *   1000 bytes). The history: 11.6 KiB at first; change events and a stable snapshot (+1.8), the
 *   compare-and-swap and duplicate-cookie guarantees (+0.6) and early config checks (+0.7) took
 *   it to 15 086 bytes; auth-core's own refresh, revocation and ID-token checks instead of
 *   oauth4webapi's (4 395 bytes here; the sign-in app still uses it) and dropping the catalogue's
 *   list of error codes (309 bytes) brought it to 10 439 bytes. The guarantees against real
 *   devices (the provider's clock, the refresh budget and back-off, the same-person retry, the
 *   token only to named origins, tossed copies, isolated listeners) took it to 11 926 bytes; the
 *   budget is 12 500 bytes so that they fit with room for what sub-sites still ask of the session;
 * - auth-react: the same plus everything `@mapping-platform/auth-react` exports, ≤ 2 KB more
 *   (2000 bytes; React itself is the sub-site's own and is left out);
 * - the router entry: the same plus everything `@mapping-platform/auth-react/router` exports,
 *   printed on its own line, ≤ 500 bytes more (React Router itself is the sub-site's own and is
 *   left out, as React is);
 * - neither bundle holds `@mapping-platform/auth-core/server` (src/server/) or `jose`, and the
 *   session and auth-react bundles hold neither the router entry (src/router/) nor `react-router`:
 *   a sub-site that does not import `/router` does not carry it.
 *
 *   node scripts/checkSize.mjs     (scripts/test.sh runs it)
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const KB = 1000
const KIB = 1024
const BUDGET = { session: 12.5 * KB, react: 2 * KB, router: 500 }
const source = (path) => fileURLToPath(new URL(`../../../${path}`, import.meta.url))

const sessionEntry = `export { createPlatformSession, browserSessionDeps } from '@mapping-platform/auth-core/session'`
const reactEntry = `${sessionEntry}\nexport * from '@mapping-platform/auth-react'`
const routerEntry = `${reactEntry}\nexport * from '@mapping-platform/auth-react/router'`

/** The minified bundle of `contents`, its gzipped size and the files it was made of. */
async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: source('packages/auth-react'), loader: 'ts' },
    // Paths in the metafile from the repository's root, wherever the script runs from.
    absWorkingDir: source(''),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    external: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*'],
    jsx: 'automatic',
    alias: {
      '@mapping-platform/auth-core/session': source('packages/auth-core/src/session/index.ts'),
      '@mapping-platform/auth-react/router': source('packages/auth-react/src/router/index.ts'),
      '@mapping-platform/auth-react': source('packages/auth-react/src/index.ts'),
    },
  })
  const code = result.outputFiles[0].contents
  const imports = result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].imports
  return {
    gz: gzipSync(code, { level: 9 }).length,
    inputs: [...Object.keys(result.metafile.inputs), ...imports.map(({ path }) => path)],
  }
}

const session = await bundle(sessionEntry)
const react = await bundle(reactEntry)
const router = await bundle(routerEntry)
/** Bytes, and the same in KiB (1024 bytes), as printed. */
const size = (bytes) => `${bytes} B (${(bytes / KIB).toFixed(1)} KiB)`
const failures = []

console.log(`session bundle: ${size(session.gz)} gz (budget ${size(BUDGET.session)})`)
if (session.gz > BUDGET.session) failures.push('the session bundle is over its budget')
const extra = react.gz - session.gz
console.log(
  `auth-react: +${size(extra)} gz beyond it, ${size(react.gz)} in all (budget +${size(BUDGET.react)})`,
)
if (extra > BUDGET.react) failures.push('auth-react is over its budget')
const routerExtra = router.gz - react.gz
console.log(
  `auth-react/router: +${size(routerExtra)} gz beyond auth-react (budget +${size(BUDGET.router)})`,
)
if (routerExtra > BUDGET.router) failures.push('the router entry is over its budget')
const withRouter = [session, react].flatMap(({ inputs }) =>
  inputs.filter(
    (file) => /^packages\/auth-react\/src\/router\//.test(file) || file === 'react-router',
  ),
)
console.log(`router entry in the bundles without it: ${withRouter.length > 0 ? 'YES' : 'no'}`)
if (withRouter.length > 0)
  failures.push(
    `router entry bundled without being imported: ${[...new Set(withRouter)].join(', ')}`,
  )
if (!router.inputs.some((file) => /^packages\/auth-react\/src\/router\//.test(file)))
  failures.push('the router bundle does not hold the router entry (the check would see nothing)')
const withServer = [session, react, router].flatMap(({ inputs }) =>
  inputs.flatMap((file) =>
    /\/jose\//.test(file) ? ['jose'] : /auth-core\/src\/server\//.test(file) ? [file] : [],
  ),
)
console.log(`server entry in these browser bundles: ${withServer.length > 0 ? 'YES' : 'no'}`)
if (withServer.length > 0)
  failures.push(`server code bundled: ${[...new Set(withServer)].join(', ')}`)
for (const failure of failures) console.error(`size check failed: ${failure}`)
process.exit(failures.length > 0 ? 1 : 0)
