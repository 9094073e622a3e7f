import { describe, expect, it } from 'vitest'
import { OKTA_CLIENT_ID } from './config'
import {
  codeFor,
  exchangeCode,
  postForm,
  useTestPlatform,
  type TestPlatform,
} from './testing/testPlatform'

const tp = useTestPlatform()
const PAT = 'pat.password@example.com'

const revokeUrl = (platform: TestPlatform) => `${platform.okta}/oauth2/default/v1/revoke`
const tokenUrl = (platform: TestPlatform) => `${platform.okta}/oauth2/default/v1/token`

/** `POST /v1/revoke` with a form (client_id defaults to the app's); status, headers, raw body. */
async function revoke(
  platform: TestPlatform,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const response = await fetch(revokeUrl(platform), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ client_id: OKTA_CLIENT_ID, ...form }),
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const refresh = (platform: TestPlatform, refreshToken: string) =>
  postForm(tokenUrl(platform), {
    grant_type: 'refresh_token',
    client_id: OKTA_CLIENT_ID,
    refresh_token: refreshToken,
  })

async function signIn(platform: TestPlatform) {
  const { code, verifier } = await codeFor(platform, PAT)
  const { body } = await exchangeCode(platform, code, verifier)
  return { access: body.access_token as string, refresh: body.refresh_token as string }
}

const preflight = (url: string, origin: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  })

describe('POST /oauth2/default/v1/revoke (RFC 7009)', () => {
  it('on a live refresh token: answers 200 with an empty body, and the token no longer refreshes', async () => {
    const { refresh: token } = await signIn(tp)
    const answer = await revoke(tp, { token, token_type_hint: 'refresh_token' })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('')
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect((await refresh(tp, token)).body.error).toBe('invalid_grant')
  })

  it.each([
    ["base64(client_id), as Okta's SDK 8 sends it", OKTA_CLIENT_ID],
    ['base64(client_id:), as RFC 6749 writes it', `${OKTA_CLIENT_ID}:`],
  ])(
    'accepts the client named by Authorization: Basic %s, no client_id in the form',
    async (_, credentials) => {
      const { refresh: token } = await signIn(tp)
      const response = await fetch(revokeUrl(tp), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
        },
        body: new URLSearchParams({ token, token_type_hint: 'refresh_token' }),
      })
      expect(response.status).toBe(200)
      expect((await refresh(tp, token)).body.error).toBe('invalid_grant')
    },
  )

  it('refuses a revocation without client identification, or with a Basic header that is not this public client: 401 invalid_client', async () => {
    const { refresh: token } = await signIn(tp)
    const send = (headers: Record<string, string>, form: Record<string, string>) =>
      fetch(revokeUrl(tp), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form),
      })
    const basic = (text: string) => ({
      Authorization: `Basic ${Buffer.from(text).toString('base64')}`,
    })
    for (const response of [
      await send({}, { token }),
      await send(basic(`${OKTA_CLIENT_ID}:a-secret`), { token }),
      await send(basic(`${OKTA_CLIENT_ID}:`), { token, client_id: 'another-client' }),
      await send(basic('no-colon'), { token }),
      await send({ Authorization: 'Bearer x' }, { token }),
    ]) {
      expect(response.status).toBe(401)
      expect(((await response.json()) as { error: string }).error).toBe('invalid_client')
    }
    expect((await refresh(tp, token)).body.access_token).toEqual(expect.any(String))
  })

  it("on a preflight asking for Authorization (Okta's SDK): allows it", async () => {
    const response = await fetch(revokeUrl(tp), {
      method: 'OPTIONS',
      headers: {
        Origin: tp.app,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('Authorization')
  })

  it('on a refresh token of a rotated family: revokes the whole family, older or newer', async () => {
    const first = (await signIn(tp)).refresh
    const second = (await refresh(tp, first)).body.refresh_token as string
    expect((await revoke(tp, { token: first })).status).toBe(200)
    expect((await refresh(tp, second)).body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid or expired.',
    })
    const other = (await signIn(tp)).refresh
    const otherNext = (await refresh(tp, other)).body.refresh_token as string
    expect((await revoke(tp, { token: otherNext })).status).toBe(200)
    expect((await refresh(tp, otherNext)).body.error).toBe('invalid_grant')
  })

  it('leaves other sign-ins alone', async () => {
    const mine = (await signIn(tp)).refresh
    const theirs = (await signIn(tp)).refresh
    await revoke(tp, { token: mine })
    expect((await refresh(tp, theirs)).status).toBe(200)
  })

  it.each([
    ['an unknown token', { token: 'no-such-token' }],
    ['an unknown token with an access_token hint', { token: 'x', token_type_hint: 'access_token' }],
  ])('on %s: still answers 200, as RFC 7009 says', async (_label, form) => {
    const answer = await revoke(tp, form)
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('')
  })

  it('on an already revoked token or an access token: answers 200', async () => {
    const { access, refresh: token } = await signIn(tp)
    expect((await revoke(tp, { token })).status).toBe(200)
    expect((await revoke(tp, { token })).status).toBe(200)
    expect((await revoke(tp, { token: access, token_type_hint: 'access_token' })).status).toBe(200)
  })

  it.each([
    ['a missing client_id', { client_id: '' }, 'No client credentials found.'],
    [
      'an unknown client_id',
      { client_id: '0oaother' },
      'Client authentication failed. Either the client or the client credentials are invalid.',
    ],
  ])('on %s: answers 401 invalid_client and revokes nothing', async (_label, client, message) => {
    const { refresh: token } = await signIn(tp)
    const answer = await revoke(tp, { token, ...client })
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text)).toEqual({ error: 'invalid_client', error_description: message })
    expect((await refresh(tp, token)).status).toBe(200)
  })

  it('on a missing token: answers 400 invalid_request', async () => {
    const answer = await revoke(tp, {})
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toEqual({
      error: 'invalid_request',
      error_description: "The 'token' parameter is required.",
    })
  })

  it('on an unknown token_type_hint: answers 400 unsupported_token_type', async () => {
    const answer = await revoke(tp, { token: 'x', token_type_hint: 'cookie' })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text).error).toBe('unsupported_token_type')
  })

  it('on a JSON body: answers 400 invalid_request', async () => {
    const response = await fetch(revokeUrl(tp), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'x', client_id: OKTA_CLIENT_ID }),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Record<string, unknown>).error).toBe('invalid_request')
  })

  it('on a revoke fault: answers 500 server_error once, then revokes normally', async () => {
    await fetch(`${tp.okta}/__test/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ target: 'revoke', mode: 'status500' }),
    })
    const failed = await revoke(tp, { token: 'x' })
    expect(failed.status).toBe(500)
    expect(JSON.parse(failed.text).error).toBe('server_error')
    expect((await revoke(tp, { token: 'x' })).status).toBe(200)
  })

  it('is listed in discovery with no client authentication', async () => {
    const doc = (await (
      await fetch(`${tp.okta}/oauth2/default/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(doc.revocation_endpoint).toBe(revokeUrl(tp))
    expect(doc.revocation_endpoint_auth_methods_supported).toEqual(['none'])
  })
})

describe('CORS on /v1/token and /v1/revoke for the sub-site (local mode, http://localhost:3000)', () => {
  // Bound to a free port, announced as the default public origin of the local sub-site.
  const local = useTestPlatform({ subsiteUrl: 'http://localhost:3000' })

  it.each(['token', 'revoke'])(
    'on /v1/%s: the app and sub-site origins may call it, others are refused',
    async (endpoint) => {
      const url = `${local.okta}/oauth2/default/v1/${endpoint}`
      for (const origin of ['http://localhost:3000', local.app, 'http://localhost:4173']) {
        const response = await preflight(url, origin)
        expect(response.status).toBe(204)
        expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
        expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true')
        expect(response.headers.get('Access-Control-Allow-Methods')).toBe('POST, OPTIONS')
        expect(response.headers.get('Access-Control-Allow-Headers')).toContain('Content-Type')
      }
      for (const origin of ['http://localhost:3001', 'https://evil.example'])
        expect((await preflight(url, origin)).status).toBe(403)
    },
  )

  it('on a revocation from the sub-site: the answer carries its origin; from another origin: 400', async () => {
    const { refresh: token } = await signIn(local)
    const fromSubsite = await revoke(local, { token }, { Origin: 'http://localhost:3000' })
    expect(fromSubsite.status).toBe(200)
    expect(fromSubsite.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:3000')
    const refused = await revoke(local, { token: 'x' }, { Origin: 'https://evil.example' })
    expect(refused.status).toBe(400)
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(JSON.parse(refused.text).error_description).toBe(
      'Browser requests to the revocation endpoint must be part of at least one whitelisted redirect_uri.',
    )
  })
})

describe('CORS on /v1/token and /v1/revoke with DEV_SUBSITE_URL_TEMPLATE', () => {
  const templated = useTestPlatform({ subsiteUrlTemplate: 'https://{subsite}.platform.test/' })

  it.each(['token', 'revoke'])(
    'on /v1/%s: every DNS-label expansion may call it, other hosts may not',
    async (endpoint) => {
      const url = `${templated.okta}/oauth2/default/v1/${endpoint}`
      for (const origin of [
        'https://maps.platform.test',
        'https://citystream.platform.test',
        'https://a1-b2.platform.test',
      ]) {
        const response = await preflight(url, origin)
        expect(response.status).toBe(204)
        expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      }
      for (const origin of [
        'https://a.b.platform.test',
        'https://-x.platform.test',
        'http://maps.platform.test',
        'https://maps.platform.test.evil',
        'https://platform.test',
      ])
        expect((await preflight(url, origin)).status).toBe(403)
    },
  )

  it('on a revocation from a templated sub-site: revokes, with CORS for its origin', async () => {
    const { refresh: token } = await signIn(templated)
    const answer = await revoke(templated, { token }, { Origin: 'https://maps.platform.test' })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('https://maps.platform.test')
    expect((await refresh(templated, token)).body.error).toBe('invalid_grant')
  })
})
