/**
 * Once per run, before any worker: checks the machine, builds the app for the mode, and serves it
 * (dev: `vite preview`; prod: nginx with deploy/nginx.conf over HTTPS). The dev platform itself
 * runs inside the worker (tests stop and restart it to show a provider that is down).
 * Returns the teardown that stops what it started.
 */
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildApp, buildUnconfiguredApp, VITE_BIN } from './build'
import {
  CHROMIUM_PATH,
  HTTP_PORT,
  HTTPS_PORT,
  IS_PROD,
  MODE,
  PLATFORM_PORTS,
  PREVIEW_PORT,
  RUN_DIR,
  SIGNIN_DIR,
  UNCONFIGURED_PORT,
} from './env'
import { NGINX_BIN, startNginx } from './nginx'
import { assertPortFree, startServer, waitUntil, type Server } from './processes'
import { RUN_FILES } from './runFiles'
import { createTestCertificate } from './tls'

function assertExecutable(path: string, hint: string): void {
  try {
    accessSync(path, constants.X_OK)
  } catch {
    throw new Error(`${path} is missing. ${hint}`)
  }
}

async function assertPortsFree(): Promise<void> {
  const stopFirst = 'Stop `npm start` (or whatever else uses it) first, then run the tests again.'
  for (const [role, port] of Object.entries(PLATFORM_PORTS))
    await assertPortFree(port, `Port ${port} (the dev platform's ${role}) is in use. ${stopFirst}`)
  const appPorts = IS_PROD ? [HTTPS_PORT, HTTP_PORT] : [PREVIEW_PORT, UNCONFIGURED_PORT]
  for (const port of appPorts)
    await assertPortFree(port, `Port ${port} (the app under test) is in use. ${stopFirst}`)
}

async function servePreview(name: string, distDir: string, port: number): Promise<Server> {
  const server = startServer(
    name,
    VITE_BIN,
    ['preview', '--outDir', distDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { cwd: SIGNIN_DIR },
  )
  await waitUntil(server, async () => (await fetch(`http://127.0.0.1:${port}/`)).ok)
  return server
}

/**
 * Whether this run selects only some tests (file filters, --grep, --last-failed, ...): the final
 * check then still looks for leaks but does not demand a full run's amount of evidence.
 */
function isPartialRun(argv: readonly string[]): boolean {
  const args = argv.slice(argv.indexOf('test') + 1)
  const narrowing = /^(-g|--grep|--grep-invert|--last-failed|--only-changed|--shard|--project)(=|$)/
  return args.some((arg) => narrowing.test(arg) || !arg.startsWith('-'))
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now()
  // The session part of a split production run (E2E_PART, playwright.config.ts) is one spec that
  // never types a code or enrols: the secrets scan must not expect every kind of secret there.
  if (isPartialRun(process.argv) || process.env.E2E_PART === 'session')
    process.env.E2E_PARTIAL_RUN = '1'
  assertExecutable(
    CHROMIUM_PATH,
    'Install Debian\'s Chromium (apt-get install chromium) or set CHROMIUM_PATH; never "npx playwright install".',
  )
  if (IS_PROD) {
    assertExecutable(NGINX_BIN, "Install Debian's nginx (apt-get install nginx) or set NGINX_PATH.")
    if ((HTTPS_PORT < 1024 || HTTP_PORT < 1024) && process.getuid?.() !== 0)
      throw new Error(
        `Production mode serves HTTPS on port ${HTTPS_PORT} as deployed, which needs root. ` +
          'Run as root, or choose free ports above 1024 with E2E_HTTPS_PORT (and E2E_HTTP_PORT); ' +
          'Chromium maps the real ports to them.',
      )
  }
  await assertPortsFree()

  rmSync(RUN_DIR, { recursive: true, force: true })
  mkdirSync(RUN_DIR, { recursive: true, mode: 0o755 })
  for (const file of Object.values(RUN_FILES)) writeFileSync(file, '')

  const servers: Server[] = []
  const stopAll = async () => {
    for (const server of servers.reverse()) await server.stop()
  }
  try {
    const distDir = join(RUN_DIR, 'dist')
    if (IS_PROD) {
      buildApp('production-e2e', distDir)
      const cert = createTestCertificate(join(RUN_DIR, 'tls'))
      writeFileSync(RUN_FILES.spki, cert.spkiHash)
      servers.push(await startNginx(join(RUN_DIR, 'nginx'), distDir, cert))
    } else {
      buildApp('e2e', distDir)
      servers.push(await servePreview('vite preview', distDir, PREVIEW_PORT))
      const unconfigured = join(RUN_DIR, 'dist-unconfigured')
      buildUnconfiguredApp(unconfigured)
      servers.push(
        await servePreview('vite preview (unconfigured)', unconfigured, UNCONFIGURED_PORT),
      )
    }
  } catch (error) {
    await stopAll()
    throw error
  }
  console.log(`[e2e:${MODE}] app built and served in ${Date.now() - started} ms`)
  return stopAll
}
