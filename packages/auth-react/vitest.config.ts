import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** auth-core as source, as the sign-in app and the dev platform consume it. */
const authCoreSession = fileURLToPath(new URL('../auth-core/src/session/index.ts', import.meta.url))
/** auth-core's published test kit (a real session over a fake token endpoint), as source too. */
const authCoreTesting = fileURLToPath(new URL('../auth-core/src/testing/index.ts', import.meta.url))

/** A package directory as installed for `react18/` (React 18 with its own react-dom and Testing Library). */
const fromReact18 = (name: string) =>
  dirname(
    createRequire(new URL('./react18/package.json', import.meta.url)).resolve(
      `${name}/package.json`,
    ),
  )

const shared: { environment: string; include: string[] } & Record<string, unknown> = {
  environment: 'happy-dom',
  environmentOptions: { happyDOM: { url: 'https://citystream.example.com/maps/42?zoom=3' } },
  include: ['src/**/*.test.{ts,tsx}'],
  setupFiles: ['src/testSetup.ts'],
  restoreMocks: true,
}

// The same tests twice: against React 19 (this package's devDependencies) and React 18 (aliased
// in from react18/, so react-dom, Testing Library and React Router are 18's too). The SSR test sets its own
// node environment.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: {
          alias: {
            '@mapping-platform/auth-core/session': authCoreSession,
            '@mapping-platform/auth-core/testing': authCoreTesting,
          },
        },
        test: { ...shared, name: 'react19', env: { EXPECTED_REACT_MAJOR: '19' } },
      },
      {
        resolve: {
          alias: {
            '@mapping-platform/auth-core/session': authCoreSession,
            '@mapping-platform/auth-core/testing': authCoreTesting,
            react: fromReact18('react'),
            'react-dom': fromReact18('react-dom'),
            '@testing-library/react': fromReact18('@testing-library/react'),
            'react-router': fromReact18('react-router'),
          },
        },
        test: { ...shared, name: 'react18', env: { EXPECTED_REACT_MAJOR: '18' } },
      },
    ],
  },
})
