/**
 * Subresource Integrity as deployed (production mode only): the page nginx
 * serves at `/`, in English and in the visitor's language, names the SHA-384 digest of every
 * script, stylesheet and module preload it loads, equal to the bytes nginx serves for them; and a
 * browser given an altered entry script refuses to run it, so the prerendered page never comes
 * alive.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ORIGINS, RUN_DIR } from '../support/env'
import { rawRequest } from '../support/http'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS } from '../support/signInPage'

const ca = () => readFileSync(join(RUN_DIR, 'tls/ca.crt'))
const get = (path: string, headers: Record<string, string> = {}) =>
  rawRequest(`${ORIGINS.app}${path}`, { ca: ca(), headers })

/** Each script, stylesheet and module preload of `html`: its URL and integrity attribute. */
function subresources(html: string): { tag: string; url: string; integrity?: string }[] {
  return [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
    .map(([tag]) => ({
      tag,
      url: /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1],
      integrity: /\sintegrity="([^"]+)"/.exec(tag)?.[1],
      applies: /^<script\b/.test(tag) || /\srel="(?:stylesheet|modulepreload)"/.test(tag),
    }))
    .filter((found) => found.applies && found.url !== undefined)
    .map(({ tag, url, integrity }) => ({ tag, url: url!, integrity }))
}

test('the page served at / in English and in German names the digest of every asset it loads', async () => {
  const urls: Record<string, string[]> = {}
  for (const [language, headers] of [
    ['en', {}],
    ['de', { 'Accept-Language': 'de-DE,de;q=0.9' }],
  ] as const) {
    const page = await get('/', { 'Accept-Encoding': 'gzip', ...headers })
    const html = page.body.toString('utf8')
    expect(html).toContain(`<html lang="${language}"`)
    const found = subresources(html)
    urls[language] = found.map((resource) => resource.url)
    // The entry script, whatever else the build preloads; no stylesheet to fetch (the styles are
    // inline, allowed by their CSP hash: headers.prod.spec.ts).
    expect(
      found.filter(({ tag }) => tag.startsWith('<script')),
      language,
    ).toHaveLength(1)
    expect(
      found.filter(({ tag }) => /rel="stylesheet"/.test(tag)),
      language,
    ).toHaveLength(0)
    for (const { tag, url, integrity } of found) {
      expect(integrity, tag).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
      // The bytes as a browser receives them (gzip undone, as the browser does before checking).
      const asset = await get(url, { 'Accept-Encoding': 'gzip' })
      expect(asset.status, url).toBe(200)
      const digest = `sha384-${createHash('sha384').update(asset.body).digest('base64')}`
      expect(integrity, `${language}: ${url}`).toBe(digest)
    }
  }
  // German loads exactly what English does: its texts are in the page, not another script.
  expect(urls.de).toEqual(urls.en)
})

test('an altered entry script is refused by the browser: the page never comes alive', async ({
  page,
  app,
}) => {
  // As served: typing an address enables Next.
  await app.goto()
  await app.email.fill(ACCOUNTS.pat.email)
  await expect(app.next).toBeEnabled()

  // The same page with one more statement appended to its entry script in flight (a compromised
  // cache, CDN or storage bucket would serve exactly this).
  const tampered: string[] = []
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    // From nginx itself, as every other request of this run (Node cannot resolve *.platform.test).
    const original = await get(new URL(route.request().url()).pathname)
    expect(original.status).toBe(200)
    tampered.push(route.request().url())
    const {
      'content-length': _length,
      'content-encoding': _encoding,
      ...headers
    } = original.headers
    await route.fulfill({
      status: 200,
      headers,
      body: `${original.body.toString('utf8')}\n;window.__tampered = true;\n`,
    })
  })
  const refusals: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /integrity/i.test(message.text()))
      refusals.push(message.text())
  })
  await app.goto()
  await expect.poll(() => refusals.length, 'the console reports the integrity failure').toBe(1)
  expect(tampered).toHaveLength(1)
  const entry = tampered[0]!
  expect(refusals[0]).toContain(`Failed to find a valid digest in the 'integrity' attribute`)
  expect(refusals[0]).toContain(entry)
  expect(refusals[0]).toMatch(/blocked/)

  // What the person sees: the prerendered email step, but typing an address never enables Next,
  // and the altered code never ran.
  await expect(app.email).toBeVisible()
  await app.email.fill(ACCOUNTS.pat.email)
  await page.waitForTimeout(1000)
  await expect(app.next).toBeDisabled()
  expect(
    await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered),
  ).toBeUndefined()
})
