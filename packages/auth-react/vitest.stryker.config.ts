import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { defineConfig } from 'vitest/config'

/**
 * The test config Stryker runs (`stryker.config.mjs`): the React 19 project of `vitest.config.ts`
 * only (the React 18 project runs the same tests against another React; running both per mutant
 * would double the time and kill no other mutant), with a longer per-test timeout (Stryker
 * instruments every line and the machine is shared).
 */
/**
 * auth-core's session entry as source, found through node_modules (Stryker runs the tests in a
 * sandbox copy of this package, where `../auth-core` does not exist; node_modules is linked in).
 */
const authCoreRoot = dirname(
  createRequire(import.meta.url).resolve('@mapping-platform/auth-core/package.json'),
)
const authCoreSession = join(authCoreRoot, 'src/session/index.ts')
/** auth-core's test kit as source (the no-remount tests run a real session over its fake endpoint). */
const authCoreTesting = join(authCoreRoot, 'src/testing/index.ts')

export default defineConfig({
  resolve: {
    alias: {
      '@mapping-platform/auth-core/session': authCoreSession,
      '@mapping-platform/auth-core/testing': authCoreTesting,
    },
  },
  test: {
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'https://citystream.example.com/maps/42?zoom=3' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testSetup.ts'],
    restoreMocks: true,
    env: { EXPECTED_REACT_MAJOR: '19' },
    testTimeout: 30_000,
  },
})
