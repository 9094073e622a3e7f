import { describe, expect, it } from 'vitest'
import {
  codeFor,
  exchangeCode,
  getManual,
  postForm,
  useTestPlatform,
  type TestPlatform,
} from '../testing/testPlatform'

const tp = useTestPlatform()

async function tokens(platform: TestPlatform) {
  const { code, verifier } = await codeFor(platform, 'pat.password@example.com')
  const { body } = await exchangeCode(platform, code, verifier)
  return { access: body.access_token as string, refresh: body.refresh_token as string }
}

const signOut = (base: string, cookie: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/sign-out`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, ...headers },
  })

describe('demo sub-site (local mode)', () => {
  it('on / without cookies: says "Not signed in" and offers Sign in; only external CSS and JS', async () => {
    const response = await fetch(`${tp.subsite}/`)
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('<title>citystream — demo sub-site</title>')
    expect(page).toContain('<p>Not signed in</p>')
    expect(page).toContain('<a class="button" href="/sign-in">Sign in</a>')
    expect(page).toMatch(/<link rel="stylesheet" href="\/static\/subsite.css"/)
    expect(page).toContain('<script type="module" src="/static/subsite.js"></script>')
    expect(page).not.toMatch(/<script(?![^>]*src=)|<style|style=/)
    expect(response.headers.get('Content-Security-Policy')).toContain("script-src 'self'")
  })

  it('on / with the access_token cookie: shows the email and the expiry from the JWT', async () => {
    const { access } = await tokens(tp)
    const page = await (
      await fetch(`${tp.subsite}/`, { headers: { Cookie: `access_token=${access}` } })
    ).text()
    expect(page).toContain(
      'Signed in as <strong data-testid="signed-in-email">pat.password@example.com</strong>',
    )
    const expiry = new Date(tp.clock.now() + 3600_000).toISOString().replace(/\.\d{3}Z$/, '.000Z')
    expect(page).toMatch(new RegExp(`Access token expires\\s+<time datetime="${expiry}"`))
    expect(page).toContain('<button type="submit">Sign out</button>')
    tp.clock.advance(3600_001)
    const later = await (
      await fetch(`${tp.subsite}/`, { headers: { Cookie: `access_token=${access}` } })
    ).text()
    expect(later).toContain('Access token expired')
  })

  it('on an unreadable access_token cookie: says "Not signed in"', async () => {
    const page = await (
      await fetch(`${tp.subsite}/`, { headers: { Cookie: 'access_token=garbage' } })
    ).text()
    expect(page).toContain('Not signed in')
  })

  it('on /sign-in: sets post_login_redirect=citystream (host-only) and goes to the sign-in app', async () => {
    const response = await getManual(`${tp.subsite}/sign-in`)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(tp.redirectUri)
    expect(response.headers.get('Set-Cookie')).toBe(
      'post_login_redirect=citystream; Max-Age=1800; Path=/; Secure; SameSite=Lax',
    )
  })

  it('on /sign-out with a session: clears both cookies, then goes through the provider logout and back', async () => {
    const { access, refresh } = await tokens(tp)
    const response = await signOut(tp.subsite, `access_token=${access}; refresh_token=${refresh}`)
    expect(response.status).toBe(303)
    expect(response.headers.getSetCookie()).toEqual([
      'access_token=; Max-Age=0; Path=/; Secure; SameSite=Lax',
      'refresh_token=; Max-Age=0; Path=/; Secure; SameSite=Lax',
    ])
    const logout = new URL(response.headers.get('Location') ?? '')
    expect(`${logout.origin}${logout.pathname}`).toBe(`${tp.okta}/oauth2/default/v1/logout`)
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${tp.subsite}/`)
    const back = await getManual(logout.href)
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`${tp.subsite}/`)
    const refreshed = await postForm(`${tp.okta}/oauth2/default/v1/token`, {
      grant_type: 'refresh_token',
      client_id: '0oadevsignin',
      refresh_token: refresh,
    })
    expect(refreshed.body.error).toBe('invalid_grant')
  })

  it('on /sign-out without a usable refresh token: clears the cookies and comes straight back', async () => {
    const response = await signOut(tp.subsite, 'refresh_token=unknown')
    expect(response.status).toBe(303)
    expect(response.headers.get('Location')).toBe(`${tp.subsite}/`)
    expect(response.headers.getSetCookie()).toHaveLength(2)
  })

  it.each([
    ['privacy', 'Privacy policy'],
    ['cookies', 'Cookie policy'],
    ['terms', 'Terms of service'],
  ])('on /legal/%s: serves a small page titled %s', async (page, title) => {
    const response = await fetch(`${tp.subsite}/legal/${page}`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(`<h1>${title}</h1>`)
  })

  it('on its static files: serves the CSS and JS with their types', async () => {
    const css = await fetch(`${tp.subsite}/static/subsite.css`)
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    const js = await fetch(`${tp.subsite}/static/subsite.js`)
    expect(js.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(await js.text()).toContain('toLocaleString')
  })
})

describe('demo sub-site with DEV_SUBSITE_URL_TEMPLATE and DEV_PARENT_DOMAIN', () => {
  const templated = useTestPlatform({
    subsiteUrlTemplate: 'https://{subsite}.platform.test/',
    parentDomain: '.platform.test',
    signinUrl: 'https://signin.platform.test/',
  })
  const asHost = { 'X-Forwarded-Host': 'maps.platform.test' }

  it('on any host: is titled after the first host label', async () => {
    const page = await (await fetch(`${templated.subsite}/`, { headers: asHost })).text()
    expect(page).toContain('<title>maps — demo sub-site</title>')
  })

  it('on /sign-in: writes post_login_redirect=maps on the parent domain', async () => {
    const response = await getManual(`${templated.subsite}/sign-in`, asHost)
    expect(response.headers.get('Location')).toBe('https://signin.platform.test/')
    expect(response.headers.get('Set-Cookie')).toBe(
      'post_login_redirect=maps; Max-Age=1800; Domain=.platform.test; Path=/; Secure; SameSite=Lax',
    )
  })

  it('on /sign-out: clears on the parent domain and returns to this sub-site through logout', async () => {
    const { access, refresh } = await tokens(templated)
    const response = await signOut(
      templated.subsite,
      `access_token=${access}; refresh_token=${refresh}`,
      asHost,
    )
    expect(response.headers.getSetCookie()).toEqual([
      'access_token=; Max-Age=0; Domain=.platform.test; Path=/; Secure; SameSite=Lax',
      'refresh_token=; Max-Age=0; Domain=.platform.test; Path=/; Secure; SameSite=Lax',
    ])
    const logout = new URL(response.headers.get('Location') ?? '')
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe('https://maps.platform.test/')
    expect((await getManual(logout.href)).headers.get('Location')).toBe(
      'https://maps.platform.test/',
    )
  })
})
