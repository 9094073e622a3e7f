import { generateKeyPair, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  authorizeUrl,
  exchangeCode,
  getManual,
  pkcePair,
  postForm,
  redirectParams,
  sessionTokenFor,
  useTestPlatform,
} from './testing/testPlatform'

const tp = useTestPlatform()

/** Signs in Pat through authorize and token: the tokens and the Okta session cookie. */
async function signedIn() {
  const { verifier, challenge } = pkcePair()
  const sessionToken = await sessionTokenFor(tp, 'pat.password@example.com')
  const response = await getManual(authorizeUrl(tp, { sessionToken, code_challenge: challenge }))
  const sid = (response.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
  const { body } = await exchangeCode(tp, redirectParams(response).params.code ?? '', verifier)
  return { idToken: body.id_token as string, accessToken: body.access_token as string, sid }
}

function logoutUrl(path: string, params: Record<string, string>): string {
  const url = new URL(`${tp.okta}${path}`)
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value)
  return url.href
}

describe('GET /oauth2/default/v1/logout and /oauth2/v1/logout', () => {
  it.each(['/oauth2/default/v1/logout', '/oauth2/v1/logout'])(
    'on %s with a valid hint and registered URI: clears sid and redirects with state',
    async (path) => {
      const { idToken, sid } = await signedIn()
      const response = await getManual(
        logoutUrl(path, {
          id_token_hint: idToken,
          post_logout_redirect_uri: tp.redirectUri,
          state: 'bye-1',
        }),
        { Cookie: sid },
      )
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe(`${tp.redirectUri}?state=bye-1`)
      expect(response.headers.get('Set-Cookie')).toMatch(
        /^sid=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax/,
      )
    },
  )

  it('on the registered error URI: keeps its query and appends state', async () => {
    const { idToken } = await signedIn()
    const target = `${tp.app}/?error=unknown_error`
    const response = await getManual(
      logoutUrl('/oauth2/default/v1/logout', {
        id_token_hint: idToken,
        post_logout_redirect_uri: target,
        state: 's',
      }),
    )
    expect(response.headers.get('Location')).toBe(`${target}&state=s`)
  })

  it('on the sub-site URL: it is registered by default', async () => {
    const { idToken } = await signedIn()
    const response = await getManual(
      logoutUrl('/oauth2/default/v1/logout', {
        id_token_hint: idToken,
        post_logout_redirect_uri: `${tp.subsite}/`,
      }),
    )
    expect(response.headers.get('Location')).toBe(`${tp.subsite}/`)
  })

  it('on an expired ID token: still logs out (as Okta does)', async () => {
    const { idToken } = await signedIn()
    tp.clock.advance(2 * 3600_000)
    const response = await getManual(
      logoutUrl('/oauth2/default/v1/logout', {
        id_token_hint: idToken,
        post_logout_redirect_uri: tp.redirectUri,
      }),
    )
    expect(response.status).toBe(302)
  })

  it('on no post_logout_redirect_uri: redirects to the Okta origin', async () => {
    const { idToken } = await signedIn()
    const response = await getManual(
      logoutUrl('/oauth2/default/v1/logout', { id_token_hint: idToken }),
    )
    expect(response.headers.get('Location')).toBe(`${tp.okta}/`)
  })

  it('on a bad hint (missing, an access token, foreign-signed, garbage): 400 page, no redirect', async () => {
    const { accessToken, idToken } = await signedIn()
    const { privateKey } = await generateKeyPair('RS256')
    const payload = JSON.parse(
      Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>
    const forged = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'x' })
      .sign(privateKey)
    for (const hint of [undefined, accessToken, forged, 'garbage']) {
      const params: Record<string, string> = { post_logout_redirect_uri: tp.redirectUri }
      if (hint !== undefined) params.id_token_hint = hint
      const response = await getManual(logoutUrl('/oauth2/default/v1/logout', params))
      expect(response.status).toBe(400)
      expect(response.headers.get('Location')).toBeNull()
      expect(response.headers.get('Content-Type')).toContain('text/html')
    }
  })

  it('on an unregistered post_logout_redirect_uri: 400 page, no redirect', async () => {
    const { idToken } = await signedIn()
    for (const target of ['https://evil.example/', `${tp.app}/other`, tp.app]) {
      const response = await getManual(
        logoutUrl('/oauth2/v1/logout', {
          id_token_hint: idToken,
          post_logout_redirect_uri: target,
        }),
      )
      expect(response.status).toBe(400)
      expect(response.headers.get('Location')).toBeNull()
    }
  })
})

/** Okta's answer to an unregistered URI (its OAuth error catalog: `illegal_post_logout_redirect_uri`). */
const ILLEGAL_POST_LOGOUT =
  "The 'post_logout_redirect_uri' parameter must be a Logout redirect URI in the client app settings."

/** Pat's ID token from a sign-in through authorize and token on `platform`. */
async function idTokenOn(platform: typeof tp): Promise<string> {
  const { verifier, challenge } = pkcePair()
  const sessionToken = await sessionTokenFor(platform, 'pat.password@example.com')
  const response = await getManual(
    authorizeUrl(platform, { sessionToken, code_challenge: challenge }),
  )
  const { body } = await exchangeCode(
    platform,
    redirectParams(response).params.code ?? '',
    verifier,
  )
  return body.id_token as string
}

/** A logout on `platform` with `target` as `post_logout_redirect_uri`. */
function logoutTo(platform: typeof tp, idToken: string, target: string) {
  return getManual(
    `${platform.okta}/oauth2/v1/logout?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: target,
    })}`,
  )
}

/** Refused as Okta refuses it: its 400 error page, no redirect, the Okta session kept. */
async function expectRefused(response: Response): Promise<void> {
  expect(response.status).toBe(400)
  expect(response.headers.get('Location')).toBeNull()
  expect(response.headers.get('Content-Type')).toContain('text/html')
  const page = await response.text()
  expect(page).toContain('invalid_request')
  expect(page).toContain(ILLEGAL_POST_LOGOUT.replace(/'/g, '&#39;'))
}

describe('with DEV_LOGOUT_REDIRECT_URIS', () => {
  const listed = useTestPlatform({ logoutRedirectUris: ['https://citystream.platform.test/'] })

  it('registers exactly that list: the demo sub-site and the sign-in page are refused unless listed', async () => {
    const idToken = await idTokenOn(listed)
    expect((await logoutTo(listed, idToken, 'https://citystream.platform.test/')).status).toBe(302)
    for (const target of [`${listed.subsite}/`, listed.redirectUri])
      await expectRefused(await logoutTo(listed, idToken, target))
  })
})

describe('with DEV_SUBSITE_URL_TEMPLATE', () => {
  const templated = useTestPlatform({
    subsiteUrlTemplate: 'https://{subsite}.platform.test/',
    appOrigins: ['https://login.platform.test'],
  })

  it('on logout: the dev sub-sites and the sign-in page are registered by default', async () => {
    const idToken = await idTokenOn(templated)
    for (const ok of [
      'https://citystream.platform.test/',
      'https://maps.platform.test/',
      'https://roads.platform.test/',
      'https://atlas.platform.test/',
      'https://survey.platform.test/',
      'https://imagery.platform.test/',
      'https://login.platform.test/',
      'https://login.platform.test/?error=unknown_error',
    ]) {
      const response = await logoutTo(templated, idToken, ok)
      expect(response.status, ok).toBe(302)
      expect(response.headers.get('Location')).toBe(ok)
    }
  })

  it("on logout: any other sub-site name is unregistered, refused with Okta's error page", async () => {
    const idToken = await idTokenOn(templated)
    for (const bad of [
      'https://api.platform.test/',
      'https://www.platform.test/',
      'https://idp.platform.test/',
      'https://a1-b2.platform.test/',
      'https://a.b.platform.test/',
      'https://evil.test/',
      'https://-x.platform.test/',
      'https://maps.platform.test/other',
    ])
      await expectRefused(await logoutTo(templated, idToken, bad))
  })

  it('on token CORS: any sub-site origin of the template may refresh', async () => {
    const refused = await postForm(
      `${templated.okta}/oauth2/default/v1/token`,
      { grant_type: 'refresh_token', client_id: '0oadevsignin', refresh_token: 'x' },
      { Origin: 'https://maps.platform.test' },
    )
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('https://maps.platform.test')
    expect(refused.body.error).toBe('invalid_grant')
  })
})
