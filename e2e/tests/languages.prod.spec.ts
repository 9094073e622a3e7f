/**
 * Languages in production mode (deploy/nginx.conf): `/` is the prerendered page in the language of
 * the `locale` cookie or Accept-Language, with `Vary` saying so and the same strict headers; the
 * browser shows it without a flash of English, and a German or Arabic first visit is the same four
 * requests as an English one (the page carries its texts): the language switch and another
 * locale's texts only once a person chooses one in the menu. The whole password and MFA paths in German and
 * Arabic, keyboard-only completion and the code boxes in Arabic, Japanese line breaks: the views
 * are the same bundle in local mode, so they run here only (local mode's own difference, the
 * locale cookie's scope, is `languages.spec.ts`; axe in these languages `languages.dev.spec.ts`).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { ORIGINS, PARENT_DOMAIN, RUN_DIR } from '../support/env'
import type { NetworkLog } from '../support/network'
import { rawRequest } from '../support/http'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'
import { textsOf } from '../support/locales'

const ca = () => readFileSync(join(RUN_DIR, 'tls/ca.crt'))
const get = (headers: Record<string, string> = {}) =>
  rawRequest(`${ORIGINS.app}/`, { ca: ca(), headers })

test('Accept-Language: de gets German HTML, a locale=ar cookie Arabic right to left', async () => {
  const english = await get()
  const german = await get({ 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' })
  const arabic = await get({ Cookie: 'locale=ar', 'Accept-Language': 'de' })
  const de = textsOf('de')
  const ar = textsOf('ar')

  expect(english.body.toString('utf8')).toContain('<html lang="en" dir="ltr">')
  const germanHtml = german.body.toString('utf8')
  expect(germanHtml).toContain('<html lang="de" dir="ltr">')
  expect(germanHtml).toContain(`<title>${de.documentTitle}</title>`)
  expect(germanHtml).toContain(`>${de['email.heading']}</h1>`)
  const arabicHtml = arabic.body.toString('utf8')
  expect(arabicHtml).toContain('<html lang="ar" dir="rtl">')
  expect(arabicHtml).toContain(`>${ar['email.heading']}</h1>`)

  for (const response of [english, german, arabic]) {
    expect(response.status).toBe(200)
    expect(response.headers.vary).toMatch(/Cookie/)
    expect(response.headers.vary).toMatch(/Accept-Language/)
    expect(response.headers['cache-control']).toBe('no-store')
    // The same strict policy for every language.
    expect(response.headers['content-security-policy']).toBe(
      english.headers['content-security-policy'],
    )
  }
})

test.describe('in the browser', () => {
  test.use({ locale: 'ar-EG' })

  test('the first paint is already Arabic, right to left: no flash of English', async ({
    page,
  }) => {
    const ar = textsOf('ar')
    // Every heading the page ever shows, from the first parsed HTML on.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { seen: string[] }).seen = seen
      new MutationObserver(() => {
        const text = document.querySelector('h1')?.textContent
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await page.goto(`${ORIGINS.app}/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ar['email.heading']!)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await page.waitForLoadState('networkidle')
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
    expect(seen).toEqual([ar['email.heading']])
    expect(PARENT_DOMAIN).toBeTruthy()
  })
})

const de = textsOf('de')
const ar = textsOf('ar')
const ja = textsOf('ja')
const fr = textsOf('fr')
/** The `locale` cookie as the page saves it in production: on the parent domain. */
const LOCALE_COOKIE_SCOPE = { domain: PARENT_DOMAIN, path: '/', secure: true }
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

/** What the browser requested so far: paths on the sign-in page's origin, full URLs elsewhere. */
const requested = (net: NetworkLog) =>
  net.requests
    .map(({ url }) => new URL(url))
    .map((url) => (url.origin === ORIGINS.app ? url.pathname : url.href))
    .sort()

/**
 * A first visit in `locale` (the server's variant): exactly the page, the entry, the views and
 * the icon, hydrated in that language and working; the menu then fetches the language switch and
 * French's texts, and shows French.
 */
async function firstVisitIn(page: Page, net: NetworkLog, locale: 'de' | 'ar'): Promise<void> {
  const texts = textsOf(locale)
  await page.goto(`${ORIGINS.app}/`)
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.locator('#root')).toHaveAttribute('data-hydrated', '')
  await page.waitForLoadState('networkidle')
  expect(requested(net)).toEqual([
    '/',
    expect.stringMatching(/^\/assets\/favicon-[\w-]+\.svg$/),
    expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/views-[\w-]+\.js$/),
  ])
  // Hydrated in that language: the email typed enables its Next, whose click leads on.
  await expect(heading(page)).toHaveText(texts['email.heading']!)
  await page.getByLabel(texts['email.label']!, { exact: true }).fill(ACCOUNTS.pat.email)
  await page.getByRole('button', { name: texts['email.next'], exact: true }).click()
  await expect(heading(page)).toHaveText(texts['password.heading']!)
  expect(requested(net).filter((path) => /switchLocale|\/(de|ar|fr)-/.test(path))).toEqual([])

  await page.getByRole('combobox').selectOption('fr')
  await expect(heading(page)).toHaveText(fr['password.heading']!)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  expect(requested(net).filter((path) => /switchLocale|\/(de|ar|fr)-/.test(path))).toEqual([
    expect.stringMatching(/^\/assets\/fr-[\w-]+\.js$/),
    expect.stringMatching(/^\/assets\/switchLocale-[\w-]+\.js$/),
  ])
}

test.describe('in German (the browser’s language)', () => {
  test.use({ locale: 'de-DE' })

  test('the first visit is the page, the entry, the views and the icon; the menu fetches another language', async ({
    page,
    net,
  }) => {
    await firstVisitIn(page, net, 'de')
  })

  test('the whole password path', async ({ page, secrets }) => {
    secrets.add(ACCOUNTS.pat.password, 'password')
    await page.goto(`${ORIGINS.app}/`)
    await expect(heading(page)).toHaveText(de['email.heading']!)
    await expect(page).toHaveTitle(de.documentTitle!)
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.getByLabel(de['email.label']!, { exact: true }).fill(ACCOUNTS.pat.email)
    await page.getByRole('button', { name: de['email.next'], exact: true }).click()
    await expect(heading(page)).toHaveText(de['password.heading']!)
    await page.getByLabel(de['password.label']!, { exact: true }).fill(ACCOUNTS.pat.password)
    await page.getByRole('button', { name: de['password.submit'], exact: true }).click()
    await expect(heading(page)).toHaveText(de['progress.signingIn']!)
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('a wrong password: the error in German', async ({ page }) => {
    await page.goto(`${ORIGINS.app}/`)
    await page.getByLabel(de['email.label']!, { exact: true }).fill(ACCOUNTS.pat.email)
    await page.keyboard.press('Enter')
    await page.getByLabel(de['password.label']!, { exact: true }).fill('Wrong-password-1')
    await page.keyboard.press('Enter')
    await expect(page.locator('main .alert')).toHaveText(de['error.invalid_credentials']!)
  })
})

test.describe('in Arabic (the saved choice), right to left', () => {
  test.beforeEach(async ({ context }) => {
    await context.addCookies([{ name: 'locale', value: 'ar', ...LOCALE_COOKIE_SCOPE }])
  })

  test('the first visit is the page, the entry, the views and the icon; the menu fetches another language', async ({
    page,
    net,
  }) => {
    await firstVisitIn(page, net, 'ar')
  })

  test('a revealed password reads as typed, clear of the eye button', async ({ page }) => {
    await page.goto(`${ORIGINS.app}/`)
    await page.getByLabel(ar['email.label']!, { exact: true }).fill(ACCOUNTS.pat.email)
    await page.keyboard.press('Enter')
    const field = page.getByLabel(ar['password.label']!, { exact: true })
    await field.fill('Secret!')
    await page.getByRole('button', { name: ar['password.showPassword'] }).click()
    const layout = await field.evaluate((input) => {
      const style = getComputedStyle(input)
      const eye = input.parentElement!.querySelector('button')!.getBoundingClientRect()
      const box = input.getBoundingClientRect()
      return {
        // Its own direction for the text (left to right for "Secret!")...
        bidi: style.unicodeBidi,
        // ...the page's for the field: the room for the eye is where the eye is (on the left).
        direction: style.direction,
        roomOnEyeSide: parseFloat(style.paddingLeft) >= eye.right - box.left,
      }
    })
    expect(layout).toEqual({ bidi: 'plaintext', direction: 'rtl', roomOnEyeSide: true })
  })

  test('the whole MFA path, the code kept left to right', async ({ page, controls, totp }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    await page.goto(`${ORIGINS.app}/`)
    await expect(heading(page)).toHaveText(ar['email.heading']!)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    const email = page.getByLabel(ar['email.label']!, { exact: true })
    await expect(email).toHaveAttribute('dir', 'ltr')
    await email.fill(ACCOUNTS.tess.email)
    await page.keyboard.press('Enter')
    await page.getByLabel(ar['password.label']!, { exact: true }).fill(ACCOUNTS.tess.password)
    await page.keyboard.press('Enter')
    await expect(heading(page)).toHaveText(ar['code.heading']!)
    const boxes = page.locator('.code-boxes input')
    await expect(page.locator('.code-boxes')).toHaveAttribute('dir', 'ltr')
    // The first digit's box is on the left, as a code is read, even in a right-to-left page.
    const first = (await boxes.nth(0).boundingBox())!
    const last = (await boxes.nth(5).boundingBox())!
    expect(first.x).toBeLessThan(last.x)
    await expect(boxes.nth(0)).toHaveAccessibleName(
      ar['code.digitLabel']!.replace('{position}', new Intl.NumberFormat('ar').format(1)).replace(
        '{total}',
        new Intl.NumberFormat('ar').format(6),
      ),
    )
    await boxes.nth(0).pressSequentially(totp.code(tess.totpSecret!))
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  })

  test('keyboard only: the password path', async ({ page, secrets }) => {
    secrets.add(ACCOUNTS.pat.password, 'password')
    await page.goto(`${ORIGINS.app}/`)
    await expect(heading(page)).toHaveText(ar['email.heading']!)
    await expect(page.getByLabel(ar['email.label']!, { exact: true })).toBeFocused()
    await page.keyboard.type(ACCOUNTS.pat.email)
    await page.keyboard.press('Enter')
    await expect(page.getByLabel(ar['password.label']!, { exact: true })).toBeFocused()
    await page.keyboard.type(ACCOUNTS.pat.password)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: ar['password.showPassword'] })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(
      page.getByRole('button', { name: ar['password.submit'], exact: true }),
    ).toBeFocused()
    await page.keyboard.press('Enter')
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('the arrow keys in the code boxes move the way they point', async ({ page, controls }) => {
    await controls.account(ACCOUNTS.tess.email)
    await page.goto(`${ORIGINS.app}/`)
    await page.getByLabel(ar['email.label']!, { exact: true }).fill(ACCOUNTS.tess.email)
    await page.keyboard.press('Enter')
    await page.getByLabel(ar['password.label']!, { exact: true }).fill(ACCOUNTS.tess.password)
    await page.keyboard.press('Enter')
    const boxes = page.locator('.code-boxes input')
    await expect(boxes.nth(0)).toBeFocused()
    await page.keyboard.type('12')
    await expect(boxes.nth(2)).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(boxes.nth(1)).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(boxes.nth(2)).toBeFocused()
  })
})

test.describe('in Japanese, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('lines break between phrases, never inside a word', async ({ page }) => {
    await page.goto(`${ORIGINS.app}/?lang=ja`)
    await expect(heading(page)).toHaveText(ja['email.heading']!)
    // The lede wraps on a phone; "ください" (one word) was split "くだ|さい" across the lines.
    const lede = page.locator('.step__lede')
    const word = 'ください'
    expect(await lede.textContent()).toContain(word)
    const lines = await lede.evaluate((element, text) => {
      const node = element.firstChild!
      const start = node.textContent!.indexOf(text)
      const range = document.createRange()
      range.setStart(node, start)
      range.setEnd(node, start + text.length)
      const tops = [...range.getClientRects()].map((rect) => Math.round(rect.top))
      return new Set(tops).size
    }, word)
    expect(await lede.evaluate((element) => element.getClientRects()[0]!.height)).toBeGreaterThan(
      30,
    )
    expect(lines).toBe(1)
  })
})
