/** Builds apps/signin with Vite for the suite, into the run directory (never apps/signin/dist). */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SIGNIN_DIR } from './env'
import { run } from './processes'

/** The variables of `apps/signin/.env.example`: blanked for the unconfigured build. */
const APP_VARIABLES = [
  'VITE_OKTA_ORG_URL',
  'VITE_OKTA_AUTH_SERVER_ID',
  'VITE_OKTA_CLIENT_ID',
  'VITE_PARENT_DOMAIN',
  'VITE_AUTH_API_URL',
  'VITE_GOOGLE_CLIENT_ID',
  'VITE_GOOGLE_AUTH_URL',
  'VITE_DEFAULT_SUBSITE',
  'VITE_LOCAL_MODE',
  'VITE_SENTRY_DSN',
  'VITE_PRIVACY_URL',
  'VITE_COOKIE_POLICY_URL',
  'VITE_TERMS_URL',
  'VITE_ALLOWED_SUBSITES',
  'VITE_REQUEST_TIMEOUT_MS',
]

export const VITE_BIN = join(SIGNIN_DIR, 'node_modules/.bin/vite')

/**
 * `vite build --mode <mode>` into `outDir`: Vite reads `apps/signin/.env.<mode>`, which sets every
 * variable (so a developer's own `.env` cannot change what is tested).
 */
export function buildApp(mode: string, outDir: string): void {
  if (!existsSync(join(SIGNIN_DIR, `.env.${mode}`)))
    throw new Error(`apps/signin/.env.${mode} is missing`)
  run(
    VITE_BIN,
    ['build', '--mode', mode, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: SIGNIN_DIR,
      env: { NODE_ENV: 'production' },
    },
  )
}

/**
 * A build with no configuration but the one variable a production build requires
 * (`VITE_ALLOWED_SUBSITES`, without which the build stops): the page shows its configuration
 * error, naming the others.
 */
export function buildUnconfiguredApp(outDir: string): void {
  const blank = {
    ...Object.fromEntries(APP_VARIABLES.map((name) => [name, ''])),
    VITE_ALLOWED_SUBSITES: 'citystream',
  }
  run(
    VITE_BIN,
    [
      'build',
      '--mode',
      'e2e-unconfigured',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: SIGNIN_DIR, env: { ...blank, NODE_ENV: 'production' } },
  )
}
