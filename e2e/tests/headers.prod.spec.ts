/**
 * Production headers, from deploy/nginx.conf as nginx serves it (production mode only): the CSP
 * and the other security headers on every kind of response, caching, compression, the SPA
 * fallback, 404s for missing files, HTTP to HTTPS, and TLS 1.2+ only.
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HTTPS_PORT, ORIGINS, RUN_DIR } from '../support/env'
import { rawRequest, type RawResponse } from '../support/http'
import { expect, test } from '../support/fixtures'

const ca = () => readFileSync(join(RUN_DIR, 'tls/ca.crt'))
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${ORIGINS.app}${path}`, { ca: ca(), headers })

/** The CSP as directive → sources. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy').toBeTruthy()
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

/** The CSP source of the served page's one inline `element`: its SHA-256, as CSP hashes it. */
function inlineHash(element: 'style' | 'script'): string {
  const html = readFileSync(join(RUN_DIR, 'dist/index.html'), 'utf8')
  const bodies = [...html.matchAll(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`, 'g'))].map(
    (match) => match[1]!,
  )
  expect(bodies, `index.html has exactly one inline <${element}>`).toHaveLength(1)
  return `'sha256-${createHash('sha256').update(bodies[0]!, 'utf8').digest('base64')}'`
}

/** Headers every response of the app carries, whatever its status. */
function expectSecurityHeaders(response: RawResponse): void {
  const h = response.headers
  const csp = parseCsp(h['content-security-policy'])
  expect(Object.fromEntries(csp)).toEqual({
    'default-src': ["'none'"],
    // The page's one inline script (the loader that starts the scripts after the first frame) and
    // its one inline stylesheet, each by its hash (deploy/render.sh, from the build).
    'script-src': ["'self'", inlineHash('script')],
    'style-src': ["'self'", inlineHash('style')],
    'img-src': ["'self'", 'data:', ORIGINS.okta],
    'connect-src': ["'self'", ORIGINS.okta, ORIGINS.api, ORIGINS.sentry],
    'font-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ORIGINS.okta],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'upgrade-insecure-requests': [],
    'require-trusted-types-for': ["'script'"],
    'trusted-types': ["'none'"],
  })
  expect(h['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval|\*|https:(?!\/\/)/)
  expect(h['referrer-policy']).toBe('no-referrer')
  expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
  expect(h['x-content-type-options']).toBe('nosniff')
  expect(h['x-frame-options']).toBe('DENY')
  expect(h['cross-origin-opener-policy']).toBe('same-origin')
  expect(h['cross-origin-resource-policy']).toBe('same-origin')
  expect(h['permissions-policy']).toMatch(/camera=\(\)/)
  expect(h['permissions-policy']).toMatch(/microphone=\(\)/)
  expect(h['permissions-policy']).toMatch(/geolocation=\(\)/)
  expect(h.server).toBe('nginx')
}

/** The hashed entry script and icon index.html refers to (its styles are inline). */
async function assetPaths(): Promise<string[]> {
  const html = (await get('/')).body.toString('utf8')
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)
}

test.describe('production headers (deploy/nginx.conf)', () => {
  test('index.html: every security header, never cached, compressed', async () => {
    for (const path of ['/', '/index.html']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip' })
      expect(response.status, path).toBe(200)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['content-encoding']).toBe('gzip')
      expectSecurityHeaders(response)
      expect(response.body.toString('utf8')).toContain('<title>Sign in to your account</title>')
    }
  })

  test('hashed assets: cached for a year, immutable, compressed, with the security headers', async () => {
    const paths = await assetPaths()
    expect(paths.some((p) => p.endsWith('.js'))).toBe(true)
    for (const path of paths) {
      const response = await get(path, { 'Accept-Encoding': 'gzip' })
      expect(response.status, path).toBe(200)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expectSecurityHeaders(response)
      if (path.endsWith('.js'))
        expect(response.headers['content-type']).toMatch(/^application\/javascript/)
      // Text above gzip_min_length is compressed (the tiny runtime chunk is not worth it).
      if (/\.(js|css)$/.test(path) && response.body.length > 1024) {
        expect(response.headers['content-encoding'], path).toBe('gzip')
        expect(response.headers.vary).toMatch(/Accept-Encoding/)
      }
    }
  })

  test('an unknown path without an extension is the app (SPA fallback), never cached', async () => {
    const response = await get('/some/deep/link')
    expect(response.status).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.body.toString('utf8')).toContain('<div id="root">')
    expectSecurityHeaders(response)
  })

  test('a missing asset or file is a 404, not the app, and is not cached', async () => {
    for (const path of ['/assets/index-AAAAAAAA.js', '/assets/', '/robots.txt', '/favicon.ico']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(response.body.toString('utf8')).not.toContain('<div id="root">')
      expect(response.headers['cache-control']).toBe('no-store')
      expectSecurityHeaders(response)
    }
  })

  test('source maps and the build manifest are not published', async () => {
    const maps = readdirSync(join(RUN_DIR, 'dist/assets')).filter((name) => name.endsWith('.map'))
    expect(maps.length).toBeGreaterThan(0)
    for (const name of maps) expect((await get(`/assets/${name}`)).status, name).toBe(404)
    expect(readdirSync(join(RUN_DIR, 'dist/.vite'))).toContain('manifest.json')
    for (const path of ['/.vite/manifest.json', '/.vite/']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expectSecurityHeaders(response)
    }
  })

  test('only GET and HEAD', async () => {
    const post = await rawRequest(`${ORIGINS.app}/`, { ca: ca(), method: 'POST' })
    expect(post.status).toBe(405)
    expectSecurityHeaders(post)
    const head = await rawRequest(`${ORIGINS.app}/`, { ca: ca(), method: 'HEAD' })
    expect(head.status).toBe(200)
  })

  test('plain HTTP redirects to HTTPS', async () => {
    const response = await rawRequest(`http://login.platform.test/some/path?x=1`)
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe('https://login.platform.test/some/path?x=1')
  })

  test('plain HTTP with a forged Host still redirects to the server’s own name', async () => {
    for (const host of ['evil.example', 'login.platform.test.evil.example', 'evil.example:8443']) {
      const response = await rawRequest(`http://${host}/some/path?x=1`)
      expect(response.status, host).toBe(301)
      expect(response.headers.location, host).toBe('https://login.platform.test/some/path?x=1')
    }
  })

  test('TLS 1.2 and 1.3 are accepted; TLS 1.1 is refused by the server', async () => {
    for (const maxVersion of ['TLSv1.2', 'TLSv1.3'] as const) {
      const response = await rawRequest(`${ORIGINS.app}/`, { ca: ca(), maxVersion })
      expect(response.status, maxVersion).toBe(200)
    }
    const old = spawnSync(
      'openssl',
      [
        's_client', '-connect', `127.0.0.1:${HTTPS_PORT}`, '-servername', 'login.platform.test',
        '-tls1_1', '-cipher', 'DEFAULT@SECLEVEL=0',
      ], // prettier-ignore
      { input: '', encoding: 'utf8', timeout: 10_000 },
    )
    expect(old.status).not.toBe(0)
    // The server's own refusal (a protocol_version alert), not a client that never offered 1.1.
    expect(`${old.stdout}${old.stderr}`).toMatch(
      /alert protocol version|unsupported protocol|wrong version number/i,
    )
  })

  test('the browser receives the same policy on the page it runs', async ({ page, app }) => {
    const response = await page.goto(`${ORIGINS.app}/`)
    const headers = await response!.allHeaders()
    expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'")
    expect(headers['strict-transport-security']).toContain('includeSubDomains')
    await expect(app.email).toBeVisible()
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true)
  })
})
