#!/usr/bin/env node
/**
 * Screenshots of every screen of the sign-in page, light and dark, at 320×640 and 1280×800, into
 * apps/signin/screenshots/ (git-ignored), plus contact sheets (sheet-*.png) to review them.
 *
 * Builds the app in local mode (.env.development) and serves it with `vite preview` on :4173; a
 * second build without any configuration shows the configuration error. Headless Chromium
 * drives each step against the dev platform (:4010 Okta, :4011 Google, :4012 API, :3000
 * sub-site) when it is up, else against fakes routed with `page.route`. Error and in-progress
 * states are made with `page.route` in both modes (fulfilled errors, held requests), so no
 * seeded account gets locked. With the dev platform up, `--journeys` also signs in for real
 * through every path and checks the landing on the sub-site.
 *
 * `--forced-colors` takes every screen again under `forced-colors: active` (Windows high
 * contrast), light and dark, into files named `…-forced-…`.
 *
 * Usage: node scripts/screenshots.mjs [--fake] [--journeys] [--forced-colors] [--only=name,name]
 */
/* global document, window, history -- used in code that runs in the page */
import { spawn, spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const APP_DIR = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(APP_DIR, 'screenshots')
const VITE = join(APP_DIR, 'node_modules/.bin/vite')
const BASE = 'http://localhost:4173'
const OKTA = 'http://localhost:4010'
const GOOGLE = 'http://localhost:4011'
const API = 'http://localhost:4012'
const SUBSITE = 'http://localhost:3000'

const args = process.argv.slice(2)
const only =
  args
    .find((arg) => arg.startsWith('--only='))
    ?.slice(7)
    .split(',') ?? null
const wantJourneys = args.includes('--journeys')
const forcedColors = args.includes('--forced-colors') ? 'active' : 'none'
/** In file names: `light`, `dark`, or with forced colors `light-forced`, `dark-forced`. */
const schemeLabel = (colorScheme) =>
  forcedColors === 'active' ? `${colorScheme}-forced` : colorScheme

/** The narrow one is a phone (touch, coarse pointer), so phone-only controls show as on a phone. */
const VIEWPORTS = [
  { width: 320, height: 640, phone: true },
  { width: 1280, height: 800, phone: false },
]
const SCHEMES = ['light', 'dark']

const ACCOUNTS = {
  password: { email: 'pat.password@example.com', password: 'Password-only-1' },
  totp: {
    email: 'tess.totp@example.com',
    password: 'Totp-enrolled-1',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  enroll: { email: 'nia.enroll@example.com', password: 'Enroll-needed-1' },
}

/* --- Build and serve --- */

function build(mode, outDir) {
  const result = spawnSync(VITE, ['build', '--mode', mode, '--outDir', outDir, '--emptyOutDir'], {
    cwd: APP_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`vite build --mode ${mode} failed`)
}

async function serve(outDir) {
  const preview = spawn(VITE, ['preview', '--outDir', outDir], {
    cwd: APP_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await reachable(BASE)) return preview
    await sleep(100)
  }
  preview.kill()
  throw new Error(`vite preview did not start on ${BASE}`)
}

async function stop(preview) {
  const exited = new Promise((resolve) => preview.once('exit', resolve))
  preview.kill()
  await exited
}

async function reachable(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) })
    return true
  } catch {
    return false
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/* --- TOTP (RFC 6238, SHA-1, 30 s, 6 digits) --- */

function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

function totp(secret, now = Date.now()) {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)))
  const hmac = createHmac('sha1', base32(secret)).update(counter).digest()
  const offset = hmac[hmac.length - 1] & 0x0f
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/* --- Fakes (when the dev platform is down) --- */

const b64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
const FAKE_QR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><rect width="29" height="29" fill="#fff"/>${Array.from(
  { length: 400 },
  (_, i) =>
    (i * 7919) % 13 < 6
      ? `<rect x="${(i % 21) + 4}" y="${Math.floor(i / 21) + 4}" width="1" height="1"/>`
      : '',
).join('')}</svg>`

async function routeFakes(context) {
  const json = (route, body, status = 200) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      // The Authn calls carry Okta's cookies (credentials: 'include'), as real Okta allows.
      headers: { 'access-control-allow-origin': BASE, 'access-control-allow-credentials': 'true' },
      body: JSON.stringify(body),
    })
  const transaction = (status, extra = {}) => ({
    status,
    stateToken: '00fakeStateToken0000000000000000000000000',
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    ...extra,
  })
  await context.route(`${OKTA}/**`, async (route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (request.method() === 'OPTIONS')
      return route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': BASE,
          'access-control-allow-credentials': 'true',
          'access-control-allow-headers': 'accept, content-type',
          'access-control-allow-methods': 'POST',
        },
      })
    const body = request.postData() ? JSON.parse(request.postData()) : {}
    if (url.pathname === '/api/v1/authn') {
      if (body.username === ACCOUNTS.password.email)
        return json(route, { status: 'SUCCESS', sessionToken: 'fakeSessionToken' })
      if (body.username === ACCOUNTS.totp.email)
        return json(
          route,
          transaction('MFA_REQUIRED', {
            _embedded: {
              factors: [
                { id: 'fakeTotpFactor1', factorType: 'token:software:totp', provider: 'GOOGLE' },
              ],
            },
          }),
        )
      if (body.username === ACCOUNTS.enroll.email || body.stateToken)
        return json(
          route,
          transaction('MFA_ENROLL', {
            _embedded: {
              factors: ['OKTA', 'GOOGLE'].map((provider) => ({
                factorType: 'token:software:totp',
                provider,
                status: 'NOT_SETUP',
              })),
            },
          }),
        )
      return json(route, { errorCode: 'E0000004', errorSummary: 'Authentication failed' }, 401)
    }
    if (url.pathname === '/api/v1/authn/factors')
      return json(
        route,
        transaction('MFA_ENROLL_ACTIVATE', {
          _embedded: {
            factor: {
              id: 'fakeTotpFactor1',
              factorType: 'token:software:totp',
              provider: body.provider,
              _embedded: {
                activation: {
                  sharedSecret: 'KBMTM32UJZSXQ2DWK4YTKOBTGQ',
                  _links: { qrcode: { href: `${OKTA}/api/v1/users/u/factors/f/qr/t` } },
                },
              },
            },
          },
        }),
      )
    if (url.pathname.includes('/qr/'))
      return route.fulfill({ status: 200, contentType: 'image/svg+xml', body: FAKE_QR })
    if (/\/(verify|lifecycle\/activate)$/.test(url.pathname))
      return body.passCode === '000000'
        ? json(route, { errorCode: 'E0000068', errorSummary: 'Invalid Passcode/Answer' }, 403)
        : json(route, { status: 'SUCCESS', sessionToken: 'fakeSessionToken' })
    if (url.pathname === '/oauth2/default/v1/authorize') {
      const state = url.searchParams.get('state')
      const nonce = url.searchParams.get('nonce')
      return route.fulfill({
        status: 302,
        headers: { location: `${BASE}/#code=fake-code.${nonce}&state=${state}` },
      })
    }
    if (url.pathname === '/oauth2/default/v1/token') {
      const code = new URLSearchParams(request.postData()).get('code') ?? ''
      const nonce = code.split('.')[1]
      const now = Math.floor(Date.now() / 1000)
      const idToken = `${b64url({ alg: 'RS256', kid: 'k' })}.${b64url({ iss: `${OKTA}/oauth2/default`, aud: '0oadevsignin', sub: 'u1', iat: now, exp: now + 3600, nonce })}.c2ln`
      return json(route, {
        token_type: 'Bearer',
        expires_in: 3600,
        access_token: 'fake.access.token',
        refresh_token: 'fakeRefresh',
        scope: 'openid',
        id_token: idToken,
      })
    }
    if (url.pathname.endsWith('/v1/logout'))
      return route.fulfill({
        status: 302,
        headers: { location: url.searchParams.get('post_logout_redirect_uri') ?? SUBSITE },
      })
    return route.fulfill({ status: 404, body: 'not faked' })
  })
  await context.route(`${GOOGLE}/**`, (route) => {
    const url = new URL(route.request().url())
    return route.fulfill({
      status: 302,
      headers: {
        location: `${BASE}/?code=fake-google-code&state=${url.searchParams.get('state')}`,
      },
    })
  })
  await context.route(`${API}/**`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fulfill({
          status: 204,
          headers: { 'access-control-allow-origin': BASE, 'access-control-allow-headers': '*' },
        })
      : json(route, { error: 'not_found' }, 404),
  )
  await context.route('http://localhost:4013/**', (route) =>
    route.fulfill({ status: 200, body: '{}' }),
  )
  await context.route(`${SUBSITE}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Sub-site</h1>' }),
  )
}

/* --- Helpers for the scenarios --- */

/**
 * Answers a navigation with 204 No Content, so the page stays as it was while leaving (holding a
 * navigation request makes this Chromium exit).
 */
const stay = (page, pattern) => page.route(pattern, (route) => route.fulfill({ status: 204 }))
const hold = (page, pattern) => page.route(pattern, () => undefined)
const fulfilJson = (page, pattern, status, body) =>
  page.route(pattern, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({
          status,
          contentType: 'application/json',
          headers: {
            'access-control-allow-origin': BASE,
            'access-control-allow-credentials': 'true',
          },
          body: JSON.stringify(body),
        }),
  )

async function atPassword(page, email) {
  await page.goto(`${BASE}/`)
  await page.getByLabel('Email').fill(email)
  await page.keyboard.press('Enter')
  await page.getByLabel('Password', { exact: true }).waitFor()
}

async function signInWithPassword(page, account) {
  await atPassword(page, account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.keyboard.press('Enter')
}

async function atCode(page) {
  await signInWithPassword(page, ACCOUNTS.totp)
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).waitFor()
}

async function atFactorChoice(page) {
  await signInWithPassword(page, ACCOUNTS.enroll)
  await page.getByRole('heading', { name: 'Set up multi-factor authentication' }).waitFor()
}

async function atQr(page) {
  await atFactorChoice(page)
  await page.getByRole('button', { name: /Okta Verify/ }).click()
  await page.getByRole('heading', { name: 'Scan the QR code' }).waitFor()
  await page.locator('img.enroll__qr').evaluate((img) => img.decode().catch(() => undefined))
}

/** Every screen: its name and how to reach it on a fresh page. */
const SCREENS = [
  [
    '01-email',
    async (page) => {
      await page.goto(`${BASE}/`)
      await page.getByLabel('Email').waitFor()
    },
  ],
  [
    '02-email-invalid',
    async (page) => {
      await page.goto(`${BASE}/`)
      await page.getByLabel('Email').fill('pat.password@example')
      await page.keyboard.press('Enter')
      await page.getByRole('alert').waitFor()
    },
  ],
  [
    '03-email-error',
    async (page) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn`, 401, {
        errorCode: 'E0000004',
        errorSummary: 'Authentication failed',
      })
      await signInWithPassword(page, ACCOUNTS.password)
      await page.getByRole('alert').waitFor()
    },
  ],
  [
    '04-password',
    async (page) => {
      await atPassword(page, ACCOUNTS.password.email)
      await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password)
    },
  ],
  [
    '05-password-revealed',
    async (page) => {
      await atPassword(page, ACCOUNTS.password.email)
      await page.getByLabel('Password', { exact: true }).fill(ACCOUNTS.password.password)
      await page.getByRole('button', { name: 'Show password' }).click()
    },
  ],
  [
    '06-password-submitting',
    async (page) => {
      await hold(page, `${OKTA}/api/v1/authn`)
      await signInWithPassword(page, ACCOUNTS.password)
      await page.getByRole('button', { name: 'Signing in…' }).waitFor()
    },
  ],
  [
    '07-signing-in',
    async (page) => {
      await stay(page, `${OKTA}/oauth2/default/v1/authorize**`)
      const leaving = page.waitForRequest(/\/v1\/authorize/)
      await signInWithPassword(page, ACCOUNTS.password)
      await leaving
      await page.getByRole('heading', { name: 'Signing you in…' }).waitFor()
    },
  ],
  ['08-code', atCode],
  [
    '09-code-error',
    async (page) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn/factors/*/verify`, 403, {
        errorCode: 'E0000068',
        errorSummary: 'Invalid Passcode/Answer',
      })
      await atCode(page)
      await page.keyboard.type('000000')
      await page.getByRole('alert').waitFor()
    },
  ],
  [
    '10-code-verifying',
    async (page) => {
      await hold(page, `${OKTA}/api/v1/authn/factors/*/verify`)
      await atCode(page)
      await page.keyboard.type('482913')
      await page.getByRole('button', { name: 'Verifying...' }).waitFor()
    },
  ],
  ['11-factor-choice', atFactorChoice],
  [
    '12-factor-enrolling',
    async (page) => {
      await hold(page, `${OKTA}/api/v1/authn/factors`)
      await atFactorChoice(page)
      await page.getByRole('button', { name: /Google Authenticator/ }).click()
      await page.getByText('Setting up…').waitFor()
    },
  ],
  ['13-qr', atQr],
  [
    '14-qr-error',
    async (page) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn/factors/*/lifecycle/activate`, 403, {
        errorCode: 'E0000068',
        errorSummary: 'Invalid Passcode/Answer',
      })
      await atQr(page)
      await page.keyboard.type('000000')
      await page.getByRole('alert').waitFor()
    },
  ],
  [
    '15-google-redirect',
    async (page) => {
      await stay(page, `${GOOGLE}/**`)
      await page.goto(`${BASE}/`)
      const leaving = page.waitForRequest(`${GOOGLE}/**`)
      await page.getByRole('button', { name: 'Sign in with Google' }).click({ noWaitAfter: true })
      await leaving
      await page.getByRole('heading', { name: 'Redirecting to Google…' }).waitFor()
    },
  ],
  [
    '16-mfa-reload-verifying',
    async (page) => {
      await hold(page, `${OKTA}/api/v1/authn`)
      await page.addInitScript(() => {
        if (sessionStorage.getItem('shot.once')) return
        sessionStorage.setItem('shot.once', '1')
        sessionStorage.setItem('signin.mfaRedirect', '1')
        sessionStorage.setItem('signin.stateToken', '00heldStateToken')
        history.replaceState({ email: 'tess.totp@example.com' }, '', '/#verify')
      })
      await page.goto(`${BASE}/#verify`)
      await page.getByRole('button', { name: 'Verifying...' }).waitFor()
    },
  ],
  [
    '17-google-unknown',
    async (page, live) => {
      await page.goto(`${BASE}/`)
      if (!live) await fulfilJson(page, `${API}/auth/google-auth`, 404, { error: 'not_found' })
      await page.getByRole('button', { name: 'Sign in with Google' }).click({ noWaitAfter: true })
      if (live) await page.getByRole('button', { name: /uma\.unknown@example\.com/ }).click()
      await page.getByRole('alert').waitFor()
    },
  ],
]

/* --- Journeys: real sign-ins through every path, landing on the sub-site --- */

const JOURNEYS = [
  [
    'password',
    async (page) => {
      await signInWithPassword(page, ACCOUNTS.password)
    },
  ],
  [
    'mfa',
    async (page) => {
      await atCode(page)
      await page.keyboard.type(totp(ACCOUNTS.totp.secret))
    },
  ],
  [
    'enrolment',
    async (page) => {
      await atFactorChoice(page)
      await page.getByRole('button', { name: /Google Authenticator/ }).click()
      await page.getByRole('heading', { name: 'Scan the QR code' }).waitFor()
      const secret = (await page.locator('code.secret__key').innerText()).replace(/\s/g, '')
      await page.keyboard.type(totp(secret))
    },
  ],
  [
    'google',
    async (page) => {
      await page.goto(`${BASE}/`)
      await page.getByRole('button', { name: 'Sign in with Google' }).click({ noWaitAfter: true })
      await page.getByRole('button', { name: /gina\.google@example\.com/ }).click()
    },
  ],
]

/* --- Run --- */

/**
 * The whole page. On a phone the viewport is made as tall as the page instead of Playwright's
 * full-page capture, which re-emulates the device and shows it with a fine pointer (desktop CSS).
 */
async function shoot(page, viewport, path) {
  if (!viewport.phone) return page.screenshot({ path, fullPage: true })
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) })
  await page.screenshot({ path })
  await page.setViewportSize({ width: viewport.width, height: viewport.height })
}

function launchBrowser() {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}

async function main() {
  const live =
    !args.includes('--fake') &&
    (await Promise.all([OKTA, GOOGLE, API, SUBSITE].map(reachable))).every(Boolean)
  console.log(live ? 'dev platform is up: driving it' : 'dev platform is down: using fakes')
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  build('development', 'screenshots/dist')
  build('noconfig', 'screenshots/noconfig/dist')

  let browser = await launchBrowser()
  // This Chromium occasionally exits under load; start another and go on.
  const newContext = async (options) => {
    if (!browser.isConnected()) browser = await launchBrowser()
    try {
      return await browser.newContext(options)
    } catch {
      browser = await launchBrowser()
      return browser.newContext(options)
    }
  }
  const shots = []
  const problems = []
  try {
    let preview = await serve('screenshots/dist')
    for (const colorScheme of SCHEMES)
      for (const viewport of VIEWPORTS)
        for (const [name, reach] of SCREENS) {
          if (only && !only.includes(name)) continue
          if (process.env.SHOTS_DEBUG) console.log('screen', name, colorScheme, viewport.width)
          const context = await newContext({
            viewport: { width: viewport.width, height: viewport.height },
            isMobile: viewport.phone,
            hasTouch: viewport.phone,
            colorScheme,
            forcedColors,
            reducedMotion: 'reduce',
          })
          if (!live) await routeFakes(context)
          const page = await context.newPage()
          page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`))
          page.on('console', (message) => {
            if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
              problems.push(`${name} console: ${message.text()}`)
          })
          try {
            await reach(page, live)
            await page.mouse.move(0, 0)
            const file = `${name}-${schemeLabel(colorScheme)}-${viewport.width}x${viewport.height}.png`
            await shoot(page, viewport, join(OUT, file))
            shots.push(file)
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            )
            if (overflow > 0) problems.push(`${file}: ${overflow}px of horizontal scroll`)
          } catch (error) {
            problems.push(
              `${name} (${colorScheme} ${viewport.width}): ${error.message.split('\n')[0]}`,
            )
          }
          await context.close().catch(() => undefined)
        }
    await stop(preview)

    preview = await serve('screenshots/noconfig/dist')
    for (const colorScheme of SCHEMES)
      for (const viewport of VIEWPORTS) {
        const context = await newContext({
          viewport: { width: viewport.width, height: viewport.height },
          isMobile: viewport.phone,
          hasTouch: viewport.phone,
          colorScheme,
          forcedColors,
        })
        const page = await context.newPage()
        await page.goto(`${BASE}/`)
        await page.getByRole('heading', { name: 'Sign-in is not available' }).waitFor()
        const file = `18-config-error-${schemeLabel(colorScheme)}-${viewport.width}x${viewport.height}.png`
        await shoot(page, viewport, join(OUT, file))
        shots.push(file)
        await context.close()
      }
    await stop(preview)

    if (wantJourneys && live) {
      preview = await serve('screenshots/dist')
      for (const [name, journey] of JOURNEYS) {
        const context = await newContext({ viewport: VIEWPORTS[1] })
        const page = await context.newPage()
        try {
          await journey(page)
          await page.waitForURL(`${SUBSITE}/**`, { timeout: 15_000 })
          const cookies = (await context.cookies(SUBSITE)).map((cookie) => cookie.name)
          console.log(`journey ${name}: landed on ${page.url()} with cookies ${cookies.join(', ')}`)
          const file = `journey-${name}.png`
          await page.screenshot({ path: join(OUT, file), fullPage: true })
          if (!cookies.includes('access_token'))
            problems.push(`journey ${name}: no access_token cookie`)
        } catch (error) {
          problems.push(`journey ${name}: ${error.message.split('\n')[0]} (at ${page.url()})`)
          await page.screenshot({ path: join(OUT, `journey-${name}-failed.png`), fullPage: true })
        }
        await context.close().catch(() => undefined)
      }
      await stop(preview)
    }

    if (!browser.isConnected()) browser = await launchBrowser()
    await contactSheets(browser, shots)
  } finally {
    await browser.close().catch(() => undefined)
  }
  console.log(`${shots.length} screenshots in ${OUT}`)
  if (problems.length > 0) {
    console.error(`Problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    process.exitCode = 1
  }
}

/** One sheet per screen group: the four variants side by side, to review quickly. */
async function contactSheets(browser, shots) {
  const names = [...new Set(shots.map((file) => file.replace(/-(light|dark)-\d+x\d+\.png$/, '')))]
  const page = await browser.newPage({ viewport: { width: 1800, height: 900 } })
  for (let start = 0; start < names.length; start += 3) {
    const group = names.slice(start, start + 3)
    const rows = group
      .map((name) => {
        const cells = ['light', 'dark']
          .flatMap((scheme) => VIEWPORTS.map((v) => `${name}-${scheme}-${v.width}x${v.height}.png`))
          .filter((file) => shots.includes(file))
          .map(
            (file) =>
              `<figure><img src="file://${join(OUT, file)}"><figcaption>${file}</figcaption></figure>`,
          )
          .join('')
        return `<section><h2>${name}</h2><div class="row">${cells}</div></section>`
      })
      .join('')
    const html = `<!doctype html><meta charset="utf-8"><style>
      body{margin:0;padding:12px;font:13px system-ui;background:#777}
      h2{margin:8px 0;font-size:15px;color:#fff}
      .row{display:flex;gap:12px;align-items:flex-start}
      figure{margin:0;background:#fff}
      img{display:block;height:380px}
      figcaption{padding:2px 4px;font-size:11px}
    </style>${rows}`
    // The page itself goes to the temporary directory: only PNGs land in screenshots/.
    const name = `sheet-${String(start / 3 + 1).padStart(2, '0')}`
    const sheet = join(tmpdir(), `signin-${name}.html`)
    writeFileSync(sheet, html)
    await page.goto(`file://${sheet}`)
    await page.waitForLoadState('load')
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true })
    rmSync(sheet)
  }
  await page.close()
}

await main()
