import { describe, expect, it } from 'vitest'
import { getManual, useTestPlatform, type TestPlatform } from '../testing/testPlatform'
import { bundleSubsiteClient } from './bundleSubsiteClient'
import { parseSubsiteConfig, type SubsiteConfig } from './client/subsiteConfig'
import { refreshMarginSeconds } from './subsiteRoutes'

const tp = useTestPlatform()

/** The page, its headers, and the configuration its meta element carries. */
async function home(platform: TestPlatform, headers: Record<string, string> = {}) {
  const response = await fetch(`${platform.subsite}/`, { headers })
  const page = await response.text()
  const content = /<meta name="subsite-config" content="([^"]*)"/.exec(page)?.[1]
  const decoded = content
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
  return { response, page, config: parseSubsiteConfig(decoded) }
}

const control = (platform: TestPlatform, path: string, body: unknown) =>
  fetch(`${platform.okta}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

describe('demo sub-site (local mode)', () => {
  it('on /: serves the shell with its configuration in a meta element and the module script, no inline code', async () => {
    const { response, page } = await home(tp)
    expect(response.status).toBe(200)
    expect(page).toContain('<title>citystream — demo sub-site</title>')
    expect(page).toContain('<div id="session" aria-live="polite" aria-busy="true">')
    expect(page).toContain('<p>Checking your session…</p>')
    expect(page).toContain('<script type="module" src="/static/subsite.js"></script>')
    expect(page).toMatch(/<link rel="stylesheet" href="\/static\/subsite.css"/)
    expect(page).not.toMatch(/<script(?![^>]*src=)|<style|style=|<form/)
    // The JSON is escaped like any attribute value: it cannot close the attribute or the tag.
    expect(page).toMatch(/content="\{&quot;subsite&quot;:&quot;citystream&quot;/)
  })

  it('on /: the configuration is the sign-in app’s, in local mode, with this sub-site’s home', async () => {
    const { config } = await home(tp)
    expect(config).toEqual<SubsiteConfig>({
      subsite: 'citystream',
      home: `${tp.subsite}/`,
      apiUrl: tp.api,
      // Its own origin (the demo API); the product API is another origin: no token there.
      apiOrigins: [tp.subsite],
      session: {
        oktaOrgUrl: tp.okta,
        authServerId: 'default',
        clientId: '0oadevsignin',
        parentDomain: '',
        localMode: true,
        signInUrl: tp.redirectUri,
        clockSkewSeconds: 60,
        refreshLeewaySeconds: 60,
      },
    })
  })

  it('on /: its CSP allows scripts from itself only and fetches to itself (the demo API), the provider and the API only', async () => {
    const { response } = await home(tp)
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain(`connect-src 'self' ${tp.okta} ${tp.api};`)
    expect(csp).toContain("form-action 'self';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('on a short access-token lifetime (test control): the refresh margin shrinks with it', async () => {
    expect((await control(tp, 'access-token-ttl', { seconds: 5 })).status).toBe(200)
    const { config } = await home(tp)
    expect(config.session.clockSkewSeconds).toBe(1)
    expect(config.session.refreshLeewaySeconds).toBe(1)
  })

  it.each([
    [1, 0],
    [5, 1],
    [10, 2],
    [299, 59],
    [300, 60],
    [3600, 60],
  ])('refreshMarginSeconds(%d) is %d', (ttl, margin) => {
    expect(refreshMarginSeconds(ttl)).toBe(margin)
  })

  it('has no server-side session routes: /sign-in is the app’s page (no redirect, no cookie), POST /sign-out is 404', async () => {
    const signIn = await getManual(`${tp.subsite}/sign-in`)
    expect(signIn.status).toBe(200)
    expect(signIn.headers.get('Set-Cookie')).toBeNull()
    expect(await signIn.text()).toContain('<meta name="subsite-config"')
    expect((await fetch(`${tp.subsite}/sign-out`, { method: 'POST' })).status).toBe(404)
  })

  it('on a deep link: serves the same app page, so the app can send the person to sign in and back', async () => {
    const response = await fetch(`${tp.subsite}/some/deep/path?x=1`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('<script type="module" src="/static/subsite.js"')
  })

  it.each([
    ['privacy', 'Privacy policy'],
    ['cookies', 'Cookie policy'],
    ['terms', 'Terms of service'],
  ])('on /legal/%s: serves a small page titled %s, without script', async (page, title) => {
    const response = await fetch(`${tp.subsite}/legal/${page}`)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain(`<h1>${title}</h1>`)
    expect(text).not.toContain('<script')
  })

  it('on /static/subsite.js: serves the bundle, React and auth-core/session inside, no import left', async () => {
    const response = await fetch(`${tp.subsite}/static/subsite.js`)
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    const js = await response.text()
    expect(js).toContain('platform-session-refresh') // auth-core/session's refresh lock name
    expect(js).not.toMatch(/\bimport\s*[{*"']|\bimport\(/)
    expect(js).toContain('react.dev/errors') // React's production build (minified error links)
    expect(js).not.toContain('react-dom.development')
    // React 19 and react-dom are most of it (about 190 KB minified).
    expect(js.length).toBeLessThan(320_000)
    const css = await fetch(`${tp.subsite}/static/subsite.css`)
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
  })

  it('bundles once per process: every platform serves the same script, and says what it cost', async () => {
    expect(bundleSubsiteClient()).toBe(bundleSubsiteClient())
    const bundle = await bundleSubsiteClient()
    expect(bundle.ms).toBeGreaterThan(0)
    expect(await (await fetch(`${tp.subsite}/static/subsite.js`)).text()).toBe(bundle.code)
    expect(tp.platform.subsiteBundleMs).toBe(bundle.ms)
  })

  it('on /favicon.ico: answers 204 (no 404 in the console)', async () => {
    expect((await fetch(`${tp.subsite}/favicon.ico`)).status).toBe(204)
  })
})

describe('demo sub-site with DEV_SUBSITE_URL_TEMPLATE and DEV_PARENT_DOMAIN', () => {
  const templated = useTestPlatform({
    oktaUrl: 'https://idp.platform.test',
    apiUrl: 'https://api.platform.test',
    subsiteUrlTemplate: 'https://{subsite}.platform.test/',
    parentDomain: '.platform.test',
    signinUrl: 'https://signin.platform.test/',
    accessTokenTtlSeconds: 10,
  })
  const asHost = { 'X-Forwarded-Host': 'maps.platform.test' }

  it('on any host: is named after the first host label, with the parent domain and HTTPS URLs', async () => {
    const { page, config } = await home(templated, asHost)
    expect(page).toContain('<title>maps — demo sub-site</title>')
    expect(config).toEqual<SubsiteConfig>({
      subsite: 'maps',
      home: 'https://maps.platform.test/',
      apiUrl: 'https://api.platform.test',
      apiOrigins: ['https://maps.platform.test'],
      session: {
        oktaOrgUrl: 'https://idp.platform.test',
        authServerId: 'default',
        clientId: '0oadevsignin',
        parentDomain: '.platform.test',
        localMode: false,
        signInUrl: 'https://signin.platform.test/',
        clockSkewSeconds: 2,
        refreshLeewaySeconds: 2,
      },
    })
  })

  it('on a host whose first label is not a DNS label: falls back to citystream', async () => {
    const { config } = await home(templated, { 'X-Forwarded-Host': '-x.platform.test' })
    expect(config.subsite).toBe('citystream')
    expect(config.home).toBe('https://citystream.platform.test/')
  })
})
