/**
 * Runs after `tsup` (`pnpm build`): each module format must give both entry points ONE AuthError
 * class, else `instanceof AuthError` and `isAuthError` fail for an error thrown by
 * `@mapping-platform/auth-core/session` and checked with the class from `@mapping-platform/auth-core`. tsup's `splitting: true`
 * puts the class in a shared chunk for ESM and (experimentally) for CJS; this proves it did.
 */
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const formats = {
  esm: [await import('../dist/index.js'), await import('../dist/session.js')],
  cjs: [require('../dist/index.cjs'), require('../dist/session.cjs')],
}

let failed = false
for (const [format, [main, session]] of Object.entries(formats)) {
  const fromSession = new session.AuthError('timeout')
  if (main.AuthError !== session.AuthError || !main.isAuthError(fromSession)) {
    console.error(`dist (${format}): auth-core and auth-core/session carry two AuthError classes.`)
    failed = true
  }
}
if (failed) process.exit(1)
console.log('dist: one AuthError class per format, shared by both entry points (esm, cjs)')
