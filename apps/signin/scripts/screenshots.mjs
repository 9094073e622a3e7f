#!/usr/bin/env node
/**
 * Screenshots of every screen of the sign-in page in several languages, into
 * apps/signin/screenshots/<locale>/ (git-ignored), plus contact sheets (sheet-*.png) to review them.
 *
 * Builds the app in local mode (.env.development) and serves it with `vite preview` on :4173; a
 * second build without any configuration shows the configuration error. Headless Chromium
 * drives each step against the dev platform (:4010 Okta, :4011 Google, :4012 API, :3000
 * sub-site), started here when it is not already up (reset to its seed before every screen), or
 * against fakes routed with `page.route` (`--fake`; screens only the dev platform can show are
 * then skipped). Error and in-progress states are made with `page.route` in both modes
 * (fulfilled errors, held requests), so no seeded account gets locked.
 *
 * Each locale's browser asks for it (navigator.languages and Accept-Language), as a person's
 * would; the script finds controls by ids, classes and the locale's own catalogue texts, never
 * by English labels. Each shot is also measured: horizontal scroll, text cut off by its box,
 * `<html lang/dir>` not the locale's.
 *
 * Options (comma-separated lists):
 *   --locales=en,de,ja,ar   the locales (default: these four: a long one, a CJK one, an RTL one)
 *   --only=08,13b,20        screens whose name starts with one of these
 *   --variants=light-phone,light-desktop,dark-phone,dark-desktop,light-narrow
 *                           colour scheme and size (phone 390×844, desktop 1280×800, narrow
 *                           320×640); default light-phone,light-desktop,dark-phone
 *   --journeys              also sign in for real through every path, per locale
 *   --forced-colors         under `forced-colors: active` (files named `…-forced-…`)
 *   --fake                  fakes instead of the dev platform
 *
 * Run it as `flock /tmp/e2e.lock pnpm --filter signin screenshots -- --locales=ar --only=13`:
 * it uses the e2e suite's fixed ports.
 */
/* global document, window, history, getComputedStyle -- used in code that runs in the page */
// Checked by TypeScript (tsconfig.scripts.json, part of `pnpm --filter signin typecheck`).
// @ts-check
import { spawn, spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */
/** @typedef {import('playwright-core').Route} Route */
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */
/** @typedef {{ email: string, password: string, secret?: string }} Account */
/** @typedef {{ width: number, height: number, phone: boolean }} Viewport */
/** @typedef {{ colorScheme: 'light' | 'dark', viewport: Viewport }} Variant */
/** @typedef {(key: string, params?: Record<string, string | number>) => string} Translate */
/**
 * What a screen is shot in: the locale, its texts, and whether the dev platform is up.
 * @typedef {{ locale: string, t: Translate, live: boolean }} Shot
 */
/** How a screen or journey is reached on a fresh page. @typedef {(page: Page, shot: Shot) => Promise<unknown>} Reach */

const APP_DIR = fileURLToPath(new URL('..', import.meta.url))
const OUT = join(APP_DIR, 'screenshots')
const VITE = join(APP_DIR, 'node_modules/.bin/vite')
const LOCALES_DIR = join(APP_DIR, '../../packages/auth-core/src/messages/locales')
const PLATFORM_DIR = join(APP_DIR, '../dev-platform')
const BASE = 'http://localhost:4173'
const OKTA = 'http://localhost:4010'
const GOOGLE = 'http://localhost:4011'
const API = 'http://localhost:4012'
const SUBSITE = 'http://localhost:3000'

const args = process.argv.slice(2)
/** `--name=a,b` as `['a', 'b']`, or null when not given. @param {string} name */
const option = (name) =>
  args
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean) ?? null
/** Screens whose name starts with one of these (`--only=13,20-locked`). */
const only = option('only')
/** English, a long one, a CJK one and a right-to-left one. */
const LOCALES = option('locales') ?? ['en', 'de', 'ja', 'ar']
const wantJourneys = args.includes('--journeys')
const forcedColors = args.includes('--forced-colors') ? 'active' : 'none'
/**
 * In file names: `light`, `dark`, or with forced colors `light-forced`, `dark-forced`.
 * @param {string} colorScheme
 */
const schemeLabel = (colorScheme) =>
  forcedColors === 'active' ? `${colorScheme}-forced` : colorScheme

/**
 * The phone ones are phones (touch, coarse pointer), so phone-only controls show as on a phone.
 * @type {Record<string, Viewport>}
 */
const SIZES = {
  phone: { width: 390, height: 844, phone: true },
  desktop: { width: 1280, height: 800, phone: false },
  narrow: { width: 320, height: 640, phone: true },
}
/** `<scheme>-<size>` pairs; by default dark on the phone only, to keep a run short. */
const VARIANTS = (option('variants') ?? ['light-phone', 'light-desktop', 'dark-phone']).map(
  /** @returns {Variant} */
  (variant) => {
    const [colorScheme, size = ''] = variant.split('-')
    const viewport = SIZES[size]
    if ((colorScheme !== 'light' && colorScheme !== 'dark') || !viewport)
      throw new Error(`--variants: "${variant}" is not <light|dark>-<${Object.keys(SIZES)}>`)
    return { colorScheme, viewport }
  },
)

/** @satisfies {Record<string, Account>} */
const ACCOUNTS = {
  password: { email: 'pat.password@example.com', password: 'Password-only-1' },
  totp: {
    email: 'tess.totp@example.com',
    password: 'Totp-enrolled-1',
    secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
  enroll: { email: 'nia.enroll@example.com', password: 'Enroll-needed-1' },
  remember: { email: 'remy.remember@example.com', password: 'Remember-device-1' },
  expired: { email: 'pia.expired@example.com', password: 'Password-expired-1' },
  locked: { email: 'lou.locked@example.com', password: 'Locked-out-1' },
  lockedAdmin: { email: 'ali.adminlocked@example.com', password: 'Locked-admin-1' },
}

/* --- Build and serve --- */

/** @param {string} mode @param {string} outDir */
function build(mode, outDir) {
  const result = spawnSync(VITE, ['build', '--mode', mode, '--outDir', outDir, '--emptyOutDir'], {
    cwd: APP_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    // The one variable a production build requires (the unconfigured `noconfig` build is one):
    // without it the build stops; the page names every other missing variable.
    env: { VITE_ALLOWED_SUBSITES: 'citystream', ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error(`vite build --mode ${mode} failed`)
}

/** @param {string} outDir */
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

/** @param {ChildProcess} preview */
async function stop(preview) {
  const exited = new Promise((resolve) => preview.once('exit', resolve))
  preview.kill()
  await exited
}

/** @param {string} url */
async function reachable(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) })
    return true
  } catch {
    return false
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/* --- TOTP (RFC 6238, SHA-1, 30 s, 6 digits) --- */

/** @param {string} secret */
function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const char of secret.replace(/=+$/, ''))
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0')
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** @param {string} secret */
function totp(secret, now = Date.now()) {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)))
  const hmac = createHmac('sha1', base32(secret)).update(counter).digest()
  const offset = (hmac.at(-1) ?? 0) & 0x0f
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

/* --- Fakes (when the dev platform is down) --- */

/** @param {unknown} value */
const b64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url')
const FAKE_QR = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges"><rect width="29" height="29" fill="#fff"/>${Array.from(
  { length: 400 },
  (_, i) =>
    (i * 7919) % 13 < 6
      ? `<rect x="${(i % 21) + 4}" y="${Math.floor(i / 21) + 4}" width="1" height="1"/>`
      : '',
).join('')}</svg>`

/** @param {BrowserContext} context */
async function routeFakes(context) {
  /** @param {Route} route @param {unknown} body */
  const json = (route, body, status = 200) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      // The Authn calls carry Okta's cookies (credentials: 'include'), as real Okta allows.
      headers: { 'access-control-allow-origin': BASE, 'access-control-allow-credentials': 'true' },
      body: JSON.stringify(body),
    })
  /** @param {string} status */
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
    const posted = request.postData()
    const body = posted ? JSON.parse(posted) : {}
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
      const code = new URLSearchParams(request.postData() ?? '').get('code') ?? ''
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

/* --- Texts: the catalogue of the locale being shot, so nothing depends on English labels --- */

/**
 * The English catalogue: the object literals of src/i18n/en.ts and of the lazily loaded steps'
 * texts (src/i18n/enLaterSteps.ts), evaluated as the plain data they are.
 */
function englishTexts() {
  /** @param {string} file @param {string} name @returns {Record<string, string>} */
  const literal = (file, name) => {
    const source = readFileSync(join(APP_DIR, file), 'utf8')
    const start = source.indexOf('{', source.indexOf(`export const ${name} = {`))
    const end = source.indexOf('} as const', start) + 1
    return Function(`"use strict"; return (${source.slice(start, end)})`)()
  }
  return {
    ...literal('src/i18n/en.ts', 'en'),
    ...literal('src/i18n/enLaterSteps.ts', 'enLaterSteps'),
  }
}

/**
 * Every text of `locale` (keys as in en.ts), from auth-core's translation files.
 * @param {string} locale
 * @returns {Record<string, string>}
 */
function textsOf(locale) {
  if (locale === 'en') return englishTexts()
  return JSON.parse(readFileSync(join(LOCALES_DIR, `${locale}.json`), 'utf8'))
}

/**
 * `t(key, params)` over the texts of one locale, as the app fills `{placeholders}`.
 * @param {string} locale
 * @returns {Translate}
 */
function translator(locale) {
  const texts = textsOf(locale)
  return (key, params = {}) => {
    const text = texts[key]
    if (typeof text !== 'string') throw new Error(`${locale} has no text "${key}"`)
    return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`))
  }
}

/* --- Helpers for the scenarios (locale-independent: ids, classes, the locale's own texts) --- */

/**
 * Answers a navigation with 204 No Content, so the page stays as it was while leaving (holding a
 * navigation request makes this Chromium exit).
 */
/** @param {Page} page @param {string | RegExp} pattern */
const stay = (page, pattern) => page.route(pattern, (route) => route.fulfill({ status: 204 }))
/** @param {Page} page @param {string | RegExp} pattern */
const hold = (page, pattern) => page.route(pattern, () => undefined)
/**
 * @param {Page} page @param {string | RegExp} pattern @param {number} status @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
const fulfilJson = (page, pattern, status, body, headers = {}) =>
  page.route(pattern, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.continue()
      : route.fulfill({
          status,
          contentType: 'application/json',
          headers: {
            'access-control-allow-origin': BASE,
            'access-control-allow-credentials': 'true',
            'access-control-expose-headers': Object.keys(headers).join(', '),
            ...headers,
          },
          body: JSON.stringify(body),
        }),
  )
/**
 * Okta's 429 with the reset time `seconds` from now, as it exposes it to a browser app.
 * @param {Page} page @param {string | RegExp} pattern @param {number} seconds
 */
const rateLimited = (page, pattern, seconds) =>
  fulfilJson(
    page,
    pattern,
    429,
    {
      errorCode: 'E0000047',
      errorSummary: 'API call exceeded rate limit due to too many requests.',
    },
    {
      'X-Rate-Limit-Limit': '10',
      'X-Rate-Limit-Remaining': '0',
      'X-Rate-Limit-Reset': String(Math.floor(Date.now() / 1000) + seconds),
    },
  )

/** The page, shown in the locale being shot (`<html lang>` switched once its texts are in). */
/** @param {Page} page @param {Shot} shot */
async function open(page, shot, path = '/') {
  await page.goto(`${BASE}${path}`)
  await page.locator(`html[lang="${shot.locale}"]`).waitFor({ state: 'attached' })
}

/** @param {Page} page @param {string} name */
const heading = (page, name) => page.getByRole('heading', { name, exact: true }).waitFor()

/** @param {Page} page @param {Shot} shot @param {string} email */
async function atPassword(page, shot, email) {
  await open(page, shot)
  await page.locator('#email').fill(email)
  await page.keyboard.press('Enter')
  await page.locator('#password').waitFor()
}

/** @param {Page} page @param {Shot} shot @param {Account} account */
async function signInWithPassword(page, shot, account) {
  await atPassword(page, shot, account.email)
  await page.locator('#password').fill(account.password)
  await page.keyboard.press('Enter')
}

/** @param {Page} page @param {Shot} shot @param {Account} [account] */
async function atCode(page, shot, account = ACCOUNTS.totp) {
  await signInWithPassword(page, shot, account)
  await page.locator('.code-box').first().waitFor()
}

/** @param {Page} page @param {Shot} shot */
async function atFactorChoice(page, shot) {
  await signInWithPassword(page, shot, ACCOUNTS.enroll)
  await heading(page, shot.t('factorChoice.heading'))
}

/** @param {Page} page @param {Shot} shot */
async function atQr(page, shot, app = /Okta Verify/) {
  await atFactorChoice(page, shot)
  await page.getByRole('button', { name: app }).click()
  await heading(page, shot.t('qr.heading'))
  await page
    .locator('img.enroll__qr')
    .evaluate((img) => /** @type {HTMLImageElement} */ (img).decode().catch(() => undefined))
}

/** Signs in for real (dev platform) and comes back to the page: "You're signed in as …". */
/** @param {Page} page @param {Shot} shot */
async function atSignedIn(page, shot) {
  await signInWithPassword(page, shot, ACCOUNTS.password)
  await page.waitForURL(`${SUBSITE}/**`, { timeout: 15_000 })
  await open(page, shot)
  await page.getByRole('button', { name: shot.t('signedIn.continue'), exact: true }).waitFor()
}

const LIVE_ONLY = 'needs the dev platform'

/** The screen of the views' chunk failing to load (its console error is expected). */
const VIEWS_FAILED = '25-views-failed'

/**
 * Every screen: its name and how to reach it on a fresh page (`shot`: `{ locale, t, live }`).
 * A screen that only the dev platform can show throws LIVE_ONLY under fakes and is skipped.
 */
/** @type {Array<[string, Reach]>} */
const SCREENS = [
  ['01-email', (page, shot) => open(page, shot).then(() => page.locator('#email').waitFor())],
  [
    '02-email-invalid',
    async (page, shot) => {
      await open(page, shot)
      await page.locator('#email').fill('pat.password@example')
      await page.keyboard.press('Enter')
      await page.locator('.field__hint--error').waitFor()
    },
  ],
  [
    '03-password-error',
    async (page, shot) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn`, 401, {
        errorCode: 'E0000004',
        errorSummary: 'Authentication failed',
      })
      await signInWithPassword(page, shot, ACCOUNTS.password)
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '04-password',
    async (page, shot) => {
      await atPassword(page, shot, ACCOUNTS.password.email)
      await page.locator('#password').fill(ACCOUNTS.password.password)
    },
  ],
  [
    '05-password-revealed',
    async (page, shot) => {
      await atPassword(page, shot, ACCOUNTS.password.email)
      await page.locator('#password').fill(ACCOUNTS.password.password)
      await page.locator('.password__reveal').click()
    },
  ],
  [
    '05b-password-hint',
    async (page, shot) => {
      await atPassword(page, shot, ACCOUNTS.password.email)
      await page.locator('#password').fill('abc')
      await page.keyboard.press('Enter')
      await page.locator('.field__hint--error').waitFor()
    },
  ],
  [
    '05c-password-focus',
    async (page, shot) => {
      // Keyboard focus (a focus ring) on the primary button.
      await atPassword(page, shot, ACCOUNTS.password.email)
      await page.locator('#password').fill(ACCOUNTS.password.password)
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
    },
  ],
  [
    '06-password-submitting',
    async (page, shot) => {
      await hold(page, `${OKTA}/api/v1/authn`)
      await signInWithPassword(page, shot, ACCOUNTS.password)
      await page.getByRole('button', { name: shot.t('password.submitting') }).waitFor()
    },
  ],
  [
    '06b-password-rate-limited',
    async (page, shot) => {
      await rateLimited(page, `${OKTA}/api/v1/authn`, 42)
      await signInWithPassword(page, shot, ACCOUNTS.password)
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '07-signing-in',
    async (page, shot) => {
      await stay(page, `${OKTA}/oauth2/default/v1/authorize**`)
      const leaving = page.waitForRequest(/\/v1\/authorize/)
      await signInWithPassword(page, shot, ACCOUNTS.password)
      await leaving
      await heading(page, shot.t('progress.signingIn'))
    },
  ],
  ['08-code', (page, shot) => atCode(page, shot)],
  [
    '09-code-error',
    async (page, shot) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn/factors/*/verify`, 403, {
        errorCode: 'E0000068',
        errorSummary: 'Invalid Passcode/Answer',
      })
      await atCode(page, shot)
      await page.keyboard.type('000000')
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '09b-code-rate-limited',
    async (page, shot) => {
      await rateLimited(page, `${OKTA}/api/v1/authn/factors/*/verify`, 42)
      await atCode(page, shot)
      await page.keyboard.type('000000')
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '10-code-verifying',
    async (page, shot) => {
      await hold(page, `${OKTA}/api/v1/authn/factors/*/verify`)
      await atCode(page, shot)
      await page.keyboard.type('482913')
      await page.getByRole('button', { name: shot.t('code.verifying') }).waitFor()
    },
  ],
  [
    '10b-code-remember-device',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await atCode(page, shot, ACCOUNTS.remember)
      await page.locator('.checkbox').waitFor()
    },
  ],
  ['11-factor-choice', atFactorChoice],
  [
    '12-factor-enrolling',
    async (page, shot) => {
      await hold(page, `${OKTA}/api/v1/authn/factors`)
      await atFactorChoice(page, shot)
      await page.getByRole('button', { name: /Google Authenticator/ }).click()
      await page.getByText(shot.t('factorChoice.settingUp')).waitFor()
    },
  ],
  ['13-qr', (page, shot) => atQr(page, shot)],
  ['13c-qr-google-authenticator', (page, shot) => atQr(page, shot, /Google Authenticator/)],
  [
    '13b-qr-key-copy',
    async (page, shot) => {
      // The manual-key view after Copy (copied, or the fallback message if the clipboard refuses).
      await atQr(page, shot)
      await page.locator('.secret__copy').click()
      await page.locator('.secret__status span').waitFor()
    },
  ],
  [
    '14-qr-error',
    async (page, shot) => {
      await fulfilJson(page, `${OKTA}/api/v1/authn/factors/*/lifecycle/activate`, 403, {
        errorCode: 'E0000068',
        errorSummary: 'Invalid Passcode/Answer',
      })
      await atQr(page, shot)
      await page.keyboard.type('000000')
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '15-google-redirect',
    async (page, shot) => {
      await stay(page, `${GOOGLE}/**`)
      await open(page, shot)
      const leaving = page.waitForRequest(`${GOOGLE}/**`)
      await page.locator('.button--google').click({ noWaitAfter: true })
      await leaving
      await heading(page, shot.t('progress.redirectingToGoogle'))
    },
  ],
  [
    '15b-google-return',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await hold(page, `${API}/**`)
      await open(page, shot)
      await page.locator('.button--google').click({ noWaitAfter: true })
      await page.getByRole('button', { name: /gina\.google@example\.com/ }).click()
      await heading(page, shot.t('progress.signingInWithGoogle'))
    },
  ],
  [
    '16-mfa-reload-verifying',
    async (page, shot) => {
      await hold(page, `${OKTA}/api/v1/authn`)
      await page.addInitScript(() => {
        if (sessionStorage.getItem('shot.once')) return
        sessionStorage.setItem('shot.once', '1')
        sessionStorage.setItem('signin.mfaRedirect', '1')
        sessionStorage.setItem('signin.stateToken', '00heldStateToken')
        history.replaceState({ email: 'tess.totp@example.com' }, '', '/#verify')
      })
      await open(page, shot, '/#verify')
      await page.getByRole('button', { name: shot.t('code.verifying') }).waitFor()
    },
  ],
  [
    '17-google-unknown',
    async (page, shot) => {
      await open(page, shot)
      if (!shot.live) await fulfilJson(page, `${API}/auth/google-auth`, 404, { error: 'not_found' })
      await page.locator('.button--google').click({ noWaitAfter: true })
      if (shot.live) await page.getByRole('button', { name: /uma\.unknown@example\.com/ }).click()
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '19-password-expired',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await signInWithPassword(page, shot, ACCOUNTS.expired)
      await heading(page, shot.t('passwordExpired.heading'))
      // Some rules met, some not; the confirmation not matching yet.
      await page.locator('#current-password').fill(ACCOUNTS.expired.password)
      await page.locator('#new-password').fill('newpassword')
      await page.locator('#confirm-password').fill('newpass')
    },
  ],
  [
    '19b-password-expired-error',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await signInWithPassword(page, shot, ACCOUNTS.expired)
      await heading(page, shot.t('passwordExpired.heading'))
      await page.locator('#current-password').fill(ACCOUNTS.expired.password)
      await page.locator('#new-password').fill('Brand-new-pass-7')
      await page.locator('#confirm-password').fill('Brand-new-pass-8')
      await page.keyboard.press('Enter')
      await page.locator('.alert').waitFor()
    },
  ],
  [
    '20-locked',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await signInWithPassword(page, shot, ACCOUNTS.locked)
      await heading(page, shot.t('locked.heading'))
    },
  ],
  [
    '21-unlock-sent',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await signInWithPassword(page, shot, ACCOUNTS.locked)
      await heading(page, shot.t('locked.heading'))
      await page.getByRole('button', { name: shot.t('locked.unlock') }).click()
      await heading(page, shot.t('unlockSent.heading'))
    },
  ],
  [
    '22-locked-contact-admin',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await signInWithPassword(page, shot, ACCOUNTS.lockedAdmin)
      await page.getByText(shot.t('locked.adminIntro')).waitFor()
    },
  ],
  [
    '23-signed-in',
    async (page, shot) => {
      if (!shot.live) throw new Error(LIVE_ONLY)
      await atSignedIn(page, shot)
    },
  ],
  [
    '24-callback-invalid',
    async (page, shot) => {
      // An authorization response this page never asked for (no transaction stored).
      await open(page, shot, '/?code=forged-code&state=forged-state')
      await page.locator('.alert').waitFor()
    },
  ],
  [
    VIEWS_FAILED,
    async (page, shot) => {
      // The views' chunk never arrives (offline, a deploy that replaced it): the card the build
      // prerendered into the page. The locale's own page, as nginx serves it (`vite preview`
      // serves the English one, which would switch only once the views had come).
      await page.route(/\/assets\/views-[^/]+\.js$/, (route) => route.abort('internetdisconnected'))
      await open(page, shot, shot.locale === 'en' ? '/' : `/index.${shot.locale}.html`)
      await page.getByRole('button', { name: shot.t('stepLoadFailed.retry') }).waitFor()
    },
  ],
]

/* --- Journeys: real sign-ins through every path, landing on the sub-site --- */

/** @type {Array<[string, Reach]>} */
const JOURNEYS = [
  ['password', (page, shot) => signInWithPassword(page, shot, ACCOUNTS.password)],
  [
    'mfa',
    async (page, shot) => {
      await atCode(page, shot)
      await page.keyboard.type(totp(ACCOUNTS.totp.secret))
    },
  ],
  [
    'enrolment',
    async (page, shot) => {
      await atFactorChoice(page, shot)
      await page.getByRole('button', { name: /Google Authenticator/ }).click()
      await heading(page, shot.t('qr.heading'))
      const secret = (await page.locator('code.secret__key').innerText()).replace(/\s/g, '')
      await page.keyboard.type(totp(secret))
    },
  ],
  [
    'google',
    async (page, shot) => {
      await open(page, shot)
      await page.locator('.button--google').click({ noWaitAfter: true })
      await page.getByRole('button', { name: /gina\.google@example\.com/ }).click()
    },
  ],
]

/* --- Run --- */

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error))

/**
 * The whole page. On a phone the viewport is made as tall as the page instead of Playwright's
 * full-page capture, which re-emulates the device and shows it with a fine pointer (desktop CSS).
 */
/** @param {Page} page @param {Viewport} viewport @param {string} path */
async function shoot(page, viewport, path) {
  if (!viewport.phone) {
    await page.screenshot({ path, fullPage: true })
    return
  }
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

/** Starts the dev platform (its own process group) and waits for its Okta. */
async function startPlatform() {
  const platform = spawn(join(PLATFORM_DIR, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: PLATFORM_DIR,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  })
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if ((await Promise.all([OKTA, GOOGLE, API, SUBSITE].map(reachable))).every(Boolean))
      return platform
    await sleep(100)
  }
  if (platform.pid) process.kill(-platform.pid)
  throw new Error('the dev platform did not start')
}

/** Back to the seeded accounts (nothing locked, unlocked or rate-limited by an earlier screen). */
const resetPlatform = () => fetch(`${OKTA}/__test/reset`, { method: 'POST' })

async function main() {
  /** @type {ChildProcess | null} */
  let platform = null
  const up = (await Promise.all([OKTA, GOOGLE, API, SUBSITE].map(reachable))).every(Boolean)
  if (!up && !args.includes('--fake')) {
    console.log('starting the dev platform')
    platform = await startPlatform()
  }
  // Without a font for a locale's script its text shows as empty boxes: nothing to look at.
  const fontless = LOCALES.filter(
    (locale) =>
      spawnSync('fc-list', [`:lang=${locale.split('-')[0]}`], {
        encoding: 'utf8',
      }).stdout?.trim() === '',
  )
  if (fontless.length > 0)
    console.warn(
      `No font for ${fontless.join(', ')}: its text will show as boxes. ` +
        'Install one first (Debian: apt-get install fonts-noto-cjk for ja, ko, zh).',
    )
  const live = !args.includes('--fake')
  console.log(live ? 'driving the dev platform' : 'using fakes')
  console.log(`locales ${LOCALES.join(', ')}; variants ${option('variants') ?? 'default'}`)
  // Only this run's locales are replaced: runs of other locales stay to compare.
  for (const locale of LOCALES) {
    rmSync(join(OUT, locale), { recursive: true, force: true })
    mkdirSync(join(OUT, locale), { recursive: true })
  }
  build('development', 'screenshots/dist')
  const wantConfigError = !only || only.some((prefix) => '18-config-error'.startsWith(prefix))
  if (wantConfigError) build('noconfig', 'screenshots/noconfig/dist')

  let browser = await launchBrowser()
  // This Chromium occasionally exits under load; start another and go on.
  /** @param {import('playwright-core').BrowserContextOptions} options */
  const newContext = async (options) => {
    if (!browser.isConnected()) browser = await launchBrowser()
    try {
      return await browser.newContext(options)
    } catch {
      browser = await launchBrowser()
      return browser.newContext(options)
    }
  }
  /**
   * A context whose browser asks for `locale` (navigator.languages, Accept-Language).
   * @param {string} locale @param {Variant} variant
   */
  const contextFor = (locale, { colorScheme, viewport }) =>
    newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.phone,
      hasTouch: viewport.phone,
      colorScheme,
      forcedColors,
      reducedMotion: 'reduce',
      locale,
    })
  /** @type {string[]} */
  const shots = []
  /** @type {string[]} */
  const problems = []
  /** @type {Set<string>} */
  const skipped = new Set()
  /** @param {string} locale @param {string} name @param {Variant} variant */
  const fileName = (locale, name, { colorScheme, viewport }) =>
    `${locale}/${name}-${schemeLabel(colorScheme)}-${viewport.width}x${viewport.height}.png`
  try {
    let preview = await serve('screenshots/dist')
    for (const locale of LOCALES) {
      const shot = { locale, t: translator(locale), live }
      for (const variant of VARIANTS)
        for (const [name, reach] of SCREENS) {
          if (only && !only.some((prefix) => name.startsWith(prefix))) continue
          if (skipped.has(name)) continue
          if (process.env.SHOTS_DEBUG) console.log('screen', locale, name, variant.colorScheme)
          if (live) await resetPlatform()
          const context = await contextFor(locale, variant)
          if (!live) await routeFakes(context)
          const page = await context.newPage()
          page.on('pageerror', (error) => problems.push(`${locale} ${name}: ${error.message}`))
          page.on('console', (message) => {
            // A resource refused, and on the views-failed screen the views' import it refuses.
            const expected =
              /Failed to load resource/.test(message.text()) ||
              (name === VIEWS_FAILED && /dynamically imported module/.test(message.text()))
            if (message.type() === 'error' && !expected)
              problems.push(`${locale} ${name} console: ${message.text()}`)
          })
          const file = fileName(locale, name, variant)
          try {
            await reach(page, shot)
            await page.mouse.move(0, 0)
            await shoot(page, variant.viewport, join(OUT, file))
            shots.push(file)
            problems.push(...(await layoutProblems(page, file, locale)))
          } catch (error) {
            if (messageOf(error) === LIVE_ONLY) skipped.add(name)
            else problems.push(`${file}: ${messageOf(error).split('\n')[0]}`)
          }
          await context.close().catch(() => undefined)
        }
    }
    await stop(preview)

    if (wantConfigError) {
      preview = await serve('screenshots/noconfig/dist')
      for (const locale of LOCALES)
        for (const variant of VARIANTS) {
          const t = translator(locale)
          const context = await contextFor(locale, variant)
          const page = await context.newPage()
          const file = fileName(locale, '18-config-error', variant)
          try {
            await page.goto(`${BASE}/`)
            await heading(page, t('configError.heading'))
            await shoot(page, variant.viewport, join(OUT, file))
            shots.push(file)
            problems.push(...(await layoutProblems(page, file, locale)))
          } catch (error) {
            problems.push(`${file}: ${messageOf(error).split('\n')[0]}`)
          }
          await context.close()
        }
      await stop(preview)
    }

    const firstVariant = VARIANTS[0]
    if (wantJourneys && live && firstVariant) {
      preview = await serve('screenshots/dist')
      for (const locale of LOCALES)
        for (const [name, journey] of JOURNEYS) {
          await resetPlatform()
          const context = await contextFor(locale, firstVariant)
          const page = await context.newPage()
          try {
            await journey(page, { locale, t: translator(locale), live })
            await page.waitForURL(`${SUBSITE}/**`, { timeout: 15_000 })
            const cookies = (await context.cookies(SUBSITE)).map((cookie) => cookie.name)
            console.log(
              `journey ${locale} ${name}: landed on ${page.url()} with ${cookies.join(', ')}`,
            )
            await page.screenshot({
              path: join(OUT, locale, `journey-${name}.png`),
              fullPage: true,
            })
            if (!cookies.includes('access_token'))
              problems.push(`journey ${locale} ${name}: no access_token cookie`)
          } catch (error) {
            problems.push(
              `journey ${locale} ${name}: ${messageOf(error).split('\n')[0]} (at ${page.url()})`,
            )
            await page.screenshot({ path: join(OUT, locale, `journey-${name}-failed.png`) })
          }
          await context.close().catch(() => undefined)
        }
      await stop(preview)
    }

    if (!browser.isConnected()) browser = await launchBrowser()
    for (const locale of LOCALES)
      await contactSheets(
        browser,
        locale,
        shots.filter((file) => file.startsWith(`${locale}/`)),
      )
  } finally {
    await browser.close().catch(() => undefined)
    if (platform?.pid) process.kill(-platform.pid)
  }
  console.log(`${shots.length} screenshots in ${OUT}`)
  if (skipped.size > 0)
    console.log(`Not shown without the dev platform: ${[...skipped].join(', ')}`)
  if (problems.length > 0) {
    console.error(`Problems:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`)
    process.exitCode = 1
  }
}

/**
 * What a look might miss, measured: horizontal scroll, text cut off by its box, the page's
 * language and direction not those of the locale.
 * @param {Page} page @param {string} file @param {string} locale
 */
async function layoutProblems(page, file, locale) {
  const found = await page.evaluate(() => {
    /** @type {string[]} */
    const problems = []
    const overflow = document.documentElement.scrollWidth - window.innerWidth
    if (overflow > 0) problems.push(`${overflow}px of horizontal scroll`)
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const style = getComputedStyle(element)
      if (style.display === 'none' || element.closest('.visually-hidden, svg')) continue
      if (element.classList.contains('visually-hidden')) continue
      const clips =
        ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
      if (clips && element.scrollWidth > element.clientWidth + 1)
        problems.push(`cut off: <${element.localName} class="${element.className}">`)
    }
    return { problems, lang: document.documentElement.lang, dir: document.documentElement.dir }
  })
  const wantDir = ['ar', 'he'].includes(locale) ? 'rtl' : 'ltr'
  if (found.lang !== locale) found.problems.push(`<html lang="${found.lang}">`)
  if ((found.dir || 'ltr') !== wantDir) found.problems.push(`<html dir="${found.dir}">`)
  return found.problems.map((problem) => `${file}: ${problem}`)
}

/**
 * Per locale, sheets of three screens each: every variant side by side, to review quickly.
 * @param {Browser} browser @param {string} locale @param {string[]} shots
 */
async function contactSheets(browser, locale, shots) {
  const variantOf = /-(light|dark)(-forced)?-\d+x\d+\.png$/
  const names = [...new Set(shots.map((file) => file.replace(variantOf, '')))]
  const page = await browser.newPage({ viewport: { width: 1800, height: 900 } })
  for (let start = 0; start < names.length; start += 3) {
    const group = names.slice(start, start + 3)
    const rows = group
      .map((name) => {
        const cells = shots
          .filter((file) => file.replace(variantOf, '') === name)
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
      img{display:block;height:420px}
      figcaption{padding:2px 4px;font-size:11px}
    </style>${rows}`
    // The page itself goes to the temporary directory: only PNGs land in screenshots/.
    const name = `sheet-${String(start / 3 + 1).padStart(2, '0')}`
    const sheet = join(tmpdir(), `signin-${locale}-${name}.html`)
    writeFileSync(sheet, html)
    await page.goto(`file://${sheet}`)
    await page.waitForLoadState('load')
    await page.screenshot({ path: join(OUT, locale, `${name}.png`), fullPage: true })
    rmSync(sheet)
  }
  await page.close()
}

await main()
