/**
 * A sub-site team's app (packages/auth-core/consumers/templates/team-app): React Router 7 pages
 * and an Express backend, installed with npm from the packed auth-core and auth-react, as the
 * consumer projects install it, and built once per run into the run directory.
 * `AUTH_CORE_TARBALL` / `AUTH_REACT_TARBALL` name tarballs packed already (scripts/test.sh packs
 * them); otherwise both packages are built and packed here.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  CONSUMER_VERSIONS,
  TEAM_APP_ENV,
} from '../../packages/auth-core/consumers/consumerVersions.ts'
import { NPM_INSTALL_ARGS, npmEnv } from '../../packages/auth-core/consumers/npmInstall.ts'
import { ORIGINS, PLATFORM_PORTS, ROOT_DIR, RUN_DIR } from './env'
import { run, startServer, waitUntil, type Server } from './processes'

const TEMPLATE = join(ROOT_DIR, 'packages/auth-core/consumers/templates/team-app')
export const TEAM_APP_DIR = join(RUN_DIR, 'team-app')
/** Where the team's app runs: the one sub-site origin local mode's sign-in page sends people to. */
export const TEAM_APP_ORIGIN = `http://localhost:${PLATFORM_PORTS.subsite}`

/** The tarball `variable` names, or `dir` built and packed into `into`. */
function packed(variable: string, dir: string, into: string): string {
  const given = process.env[variable]
  if (given !== undefined && given !== '') return given
  run('pnpm', ['run', 'build'], { cwd: dir })
  rmSync(into, { recursive: true, force: true })
  mkdirSync(into, { recursive: true })
  run('pnpm', ['pack', '--pack-destination', into], { cwd: dir })
  const file = readdirSync(into).find((name) => name.endsWith('.tgz'))
  if (file === undefined) throw new Error(`pnpm pack wrote no tarball for ${dir} into ${into}`)
  return join(into, file)
}

/** Installs and builds the team's app once per run (pages and backend); returns its folder. */
export function buildTeamApp(): string {
  if (existsSync(join(TEAM_APP_DIR, 'dist-server/main.js'))) return TEAM_APP_DIR
  const started = Date.now()
  rmSync(TEAM_APP_DIR, { recursive: true, force: true })
  const packs = join(RUN_DIR, 'team-app-packs')
  // auth-react builds against auth-core's dist: auth-core first.
  const core = packed('AUTH_CORE_TARBALL', join(ROOT_DIR, 'packages/auth-core'), `${packs}/core`)
  const react = packed(
    'AUTH_REACT_TARBALL',
    join(ROOT_DIR, 'packages/auth-react'),
    `${packs}/react`,
  )
  cpSync(TEMPLATE, TEAM_APP_DIR, { recursive: true })
  const versions = CONSUMER_VERSIONS
  const dependencies = {
    '@mapping-platform/auth-core': `file:${core}`,
    '@mapping-platform/auth-react': `file:${react}`,
    ...Object.fromEntries(
      (
        [
          'react',
          'react-dom',
          'react-router',
          'vite',
          '@vitejs/plugin-react',
          'express',
          'hono',
        ] as const
      ).map((name) => [name, versions[name]]),
    ),
  }
  writeFileSync(
    join(TEAM_APP_DIR, 'package.json'),
    JSON.stringify({ name: 'team-app', private: true, type: 'module', dependencies }, null, 2),
  )
  const env = npmEnv()
  run('npm', NPM_INSTALL_ARGS, { cwd: TEAM_APP_DIR, env })
  const vite = join(TEAM_APP_DIR, 'node_modules/vite/bin/vite.js')
  const viteEnv = { ...env, ...TEAM_APP_ENV, VITE_SIGNIN_URL: `${ORIGINS.app}/` }
  run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: TEAM_APP_DIR, env: viteEnv })
  run(
    process.execPath,
    [vite, 'build', '--config', 'vite.server.config.ts', '--logLevel', 'warn'],
    {
      cwd: TEAM_APP_DIR,
      env,
    },
  )
  console.log(`[team-app] installed from the tarballs and built in ${Date.now() - started} ms`)
  return TEAM_APP_DIR
}

/** The team's Express server (pages and API) on the sub-site's port. */
export async function startTeamApp(dir: string): Promise<Server> {
  const server = startServer('team app (Express)', process.execPath, ['dist-server/main.js'], {
    cwd: dir,
    env: {
      PORT: String(PLATFORM_PORTS.subsite),
      OKTA_ISSUER: `${ORIGINS.okta}/oauth2/default`,
      SITE_ORIGINS: TEAM_APP_ORIGIN,
    },
  })
  await waitUntil(
    server,
    async () => (await fetch(`http://127.0.0.1:${PLATFORM_PORTS.subsite}/`)).ok,
  )
  return server
}
