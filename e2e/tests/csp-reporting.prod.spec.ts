/**
 * deploy/render.sh's optional CSP_REPORT_URL (production mode only): unset, the
 * deployment sends exactly the headers it always did; set to Sentry's security endpoint, every
 * response names it in `Reporting-Endpoints` and the CSP reports to it; a value that could break
 * a header is refused before anything is rendered. Each configuration is rendered by render.sh and
 * served by a second nginx beside the run's, on ports of its own.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import {
  CHROMIUM_PATH,
  DEPLOY_DIR,
  ORIGINS,
  PLATFORM_PORTS,
  PLAYWRIGHT_CHROMIUM_ARGS,
  prodChromiumArgs,
  RUN_DIR,
} from '../support/env'
import { RUN_FILES } from '../support/runFiles'
import { rawRequest } from '../support/http'
import { expect, test } from '../support/fixtures'
import { deployVariables, renderDeployConfig, startSiteOnly } from '../support/nginx'

const TLS = join(RUN_DIR, 'tls')
const DIST = join(RUN_DIR, 'dist')
const cert = {
  caPath: join(TLS, 'ca.crt'),
  certPath: join(TLS, 'leaf.crt'),
  keyPath: join(TLS, 'leaf.key'),
  spkiHash: '',
}
/** Sentry's security endpoint for the project of VITE_SENTRY_DSN (apps/signin/.env.production-e2e). */
const SENTRY_SECURITY = `${ORIGINS.sentry}/api/1/security/?sentry_key=devpublickey`
/** The CSP render.sh makes for this run's build (its inline loader's and stylesheet's hashes, as the build wrote them). */
const hashes = (file: string) => readFileSync(join(DIST, '.vite', file), 'utf8').trim()
const csp = () =>
  `default-src 'none'; script-src 'self' ${hashes('csp-script-src')}; style-src 'self' ${hashes('csp-style-src')}; img-src 'self' data: ${ORIGINS.okta}; ` +
  `connect-src 'self' ${ORIGINS.okta} ${ORIGINS.api} ${ORIGINS.sentry}; font-src 'none'; ` +
  `frame-ancestors 'none'; base-uri 'none'; form-action 'self' ${ORIGINS.okta}; ` +
  `object-src 'none'; manifest-src 'self'; upgrade-insecure-requests; ` +
  `require-trusted-types-for 'script'; trusted-types 'none'`

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Runs `use` with a second nginx serving the deployment rendered with `extra` variables. */
async function withSite<T>(
  name: string,
  extra: Record<string, string>,
  use: (https: number) => Promise<T>,
): Promise<T> {
  const dir = join(RUN_DIR, `nginx-${name}`)
  mkdirSync(dir, { recursive: true })
  const https = await freePort()
  const http = await freePort()
  const sitePath = join(dir, 'signin.conf')
  writeFileSync(
    sitePath,
    renderDeployConfig({
      ...deployVariables(DIST, cert, join(dir, 'access.log')),
      LISTEN_HTTPS: `127.0.0.1:${https}`,
      LISTEN_HTTP: `127.0.0.1:${http}`,
      ...extra,
    }),
  )
  const server = await startSiteOnly(dir, sitePath, https, cert.caPath)
  try {
    return await use(https)
  } finally {
    await server.stop()
  }
}

/** The headers of `/` and of a 404 from the deployment rendered with `extra` variables. */
function servedHeaders(name: string, extra: Record<string, string>) {
  return withSite(name, extra, async (port) => {
    const ca = readFileSync(cert.caPath)
    const get = (path: string) => rawRequest(`${ORIGINS.app}${path}`, { ca, port })
    const page = await get('/')
    const missing = await get('/assets/missing-00000000.js')
    expect(page.status).toBe(200)
    expect(missing.status).toBe(404)
    return [page.headers, missing.headers]
  })
}

/** render.sh with the run's variables and this CSP_REPORT_URL, as a deployment would call it. */
function render(reportUrl: string) {
  const result = spawnSync('bash', [join(DEPLOY_DIR, 'render.sh')], {
    env: {
      ...process.env,
      ...deployVariables(DIST, cert, '/tmp/signin-access.log'),
      CSP_REPORT_URL: reportUrl,
    },
    encoding: 'utf8',
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

test.describe('CSP reporting (deploy/render.sh CSP_REPORT_URL)', () => {
  test('unset: the CSP is exactly as before and no Reporting-Endpoints header is sent', async () => {
    for (const headers of await servedHeaders('no-reporting', { CSP_REPORT_URL: '' })) {
      expect(headers['content-security-policy']).toBe(csp())
      expect(headers).not.toHaveProperty('reporting-endpoints')
      expect(headers['content-security-policy']).not.toMatch(/report/)
    }
  })

  test("set to Sentry's security endpoint: every response names it and the CSP reports to it", async () => {
    for (const headers of await servedHeaders('reporting', { CSP_REPORT_URL: SENTRY_SECURITY })) {
      expect(headers['reporting-endpoints']).toBe(`csp="${SENTRY_SECURITY}"`)
      expect(headers['content-security-policy']).toBe(
        `${csp()}; report-to csp; report-uri ${SENTRY_SECURITY}`,
      )
    }
  })

  test('a value that is not an absolute https URL, or could break a header, is refused', () => {
    for (const value of [
      'http://sentry.platform.test/api/1/security/',
      '/csp-reports',
      'https://',
      'https://sentry.platform.test/a b',
      'https://sentry.platform.test/a"b',
      "https://sentry.platform.test/a'b",
      'https://sentry.platform.test/a,b',
      'https://sentry.platform.test/a;b',
      'https://sentry.platform.test/a\nadd_header X-Injected yes',
      'https://sentry.platform.test/a\r\nX-Injected: yes',
      'https://sentry.platform.test/$host',
      'https://sentry.platform.test/{a}',
      'https://sentry.platform.test/a\\b',
    ]) {
      const { status, stdout, stderr } = render(value)
      expect(status, JSON.stringify(value)).toBe(1)
      expect(stdout, JSON.stringify(value)).toBe('')
      expect(stderr).toContain('render.sh: CSP_REPORT_URL must be an absolute https URL')
    }
    // The control: the same call with a good value renders.
    const good = render(SENTRY_SECURITY)
    expect(good.status).toBe(0)
    expect(good.stdout).toContain(
      `add_header Reporting-Endpoints 'csp="${SENTRY_SECURITY}"' always;`,
    )
  })

  test("a violation in the browser reaches Sentry's security endpoint as a Reporting API report", async () => {
    // Chromium delivers Reporting API reports about a minute late; this flag makes it 100 ms.
    const spki = readFileSync(RUN_FILES.spki, 'utf8').trim()
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...PLAYWRIGHT_CHROMIUM_ARGS, ...prodChromiumArgs(spki), '--short-reporting-delay'],
    })
    try {
      await withSite('reporting-browser', { CSP_REPORT_URL: SENTRY_SECURITY }, async (port) => {
        const page = await browser.newPage()
        const origin = `${ORIGINS.app}:${port}`
        await page.goto(`${origin}/`)
        await expect(page.getByLabel('Email', { exact: true })).toBeVisible()
        // An injected inline script: refused, and reported.
        await page.evaluate(() => {
          const script = document.createElement('script')
          script.append(document.createTextNode('window.__injected = 1'))
          document.body.append(script)
        })
        const reports = async () =>
          (await (
            await fetch(`http://127.0.0.1:${PLATFORM_PORTS.sentry}/__test/security-reports`)
          ).json()) as { contentType: string; body: unknown }[]
        await expect
          .poll(async () => (await reports()).length, { timeout: 15_000 })
          .toBeGreaterThan(0)
        const [received] = await reports()
        expect(received!.contentType).toBe('application/reports+json')
        expect(received!.body).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              type: 'csp-violation',
              url: `${origin}/`,
              body: expect.objectContaining({
                documentURL: `${origin}/`,
                // Trusted Types refuse a script's text even when it arrives as a text node.
                effectiveDirective: 'require-trusted-types-for',
                sample: expect.stringContaining('window.__injected = 1'),
                disposition: 'enforce',
                originalPolicy: expect.stringMatching(/; report-to csp; report-uri https:\/\//),
              }),
            }),
          ]),
        )
      })
    } finally {
      await browser.close()
    }
  })
})
