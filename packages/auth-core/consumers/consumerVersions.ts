// The versions of the consumer projects (no vitest import: e2e/tests/subsiteTeamApp.spec.ts
// installs the team's app with them too).

/**
 * The TypeScript releases a sub-site may compile with, oldest first: the last 5.x, 6.0, and 7.0
 * (the native compiler, which `npm create vite` installs today). Exact versions from the npm
 * registry (`npm view typescript versions`). {@link typescriptAliases} installs them side by
 * side in one project.
 */
export const TYPESCRIPT_VERSIONS = ['5.9.3', '6.0.3', '7.0.2'] as const

/**
 * Versions the consumers install: the ones the workspace's lockfile already holds (apps/signin's
 * React and Vite, the workspace's TypeScript), so npm's cache answers and the projects match
 * what the platform builds with.
 */
export const CONSUMER_VERSIONS = {
  typescript: TYPESCRIPT_VERSIONS[0],
  '@types/node': '20.19.43',
  react: '19.3.1',
  'react-dom': '19.3.1',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  vite: '8.3.8',
  '@vitejs/plugin-react': '6.3.0',
  'happy-dom': '21.0.4',
  // A sub-site team's app (teamApp.test.ts, and e2e/tests/subsiteTeamApp.spec.ts in a browser):
  // React Router 7 (its last 7.x), Express 5 and Hono for the backends, its tests on Vitest
  // and Testing Library (the workspace's versions).
  'react-router': '7.18.7',
  express: '5.3.0',
  '@types/express': '5.0.6',
  hono: '4.13.19',
  vitest: '4.1.12',
  '@testing-library/react': '16.3.3',
  '@testing-library/dom': '10.4.2',
} as const

/** The dev platform's values, as the sub-site guide's `.env.development` gives them. */
export const TEAM_APP_ENV = {
  VITE_LOCAL_MODE: 'true',
  VITE_OKTA_ORG_URL: 'http://localhost:4010',
  VITE_OKTA_AUTH_SERVER_ID: 'default',
  VITE_OKTA_CLIENT_ID: '0oadevsignin',
  VITE_PARENT_DOMAIN: '.localhost',
  VITE_SIGNIN_URL: 'http://localhost:4173/',
} as const
