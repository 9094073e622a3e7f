/**
 * The first paint in the visit's language (production mode, deploy/nginx.conf): `/` is the
 * prerendered page in the language of the `locale` cookie or Accept-Language, with `Vary` saying
 * so and the same strict headers; the browser shows it without a flash of English.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ORIGINS, PARENT_DOMAIN, ROOT_DIR, RUN_DIR } from '../support/env'
import { rawRequest } from '../support/http'
import { expect, test } from '../support/fixtures'

const ca = () => readFileSync(join(RUN_DIR, 'tls/ca.crt'))
const get = (headers: Record<string, string> = {}) =>
  rawRequest(`${ORIGINS.app}/`, { ca: ca(), headers })
const textsOf = (locale: string): Record<string, string> =>
  JSON.parse(
    readFileSync(join(ROOT_DIR, `packages/auth-core/src/messages/locales/${locale}.json`), 'utf8'),
  ) as Record<string, string>

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
