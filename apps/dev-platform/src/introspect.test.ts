import { describe, expect, it } from 'vitest'
import { codeFor, exchangeCode, postForm, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()
const CLIENT = '0oadevsignin'

const introspectUrl = () => `${tp.okta}/oauth2/default/v1/introspect`
const introspect = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  postForm(introspectUrl(), form, headers)

async function tokens() {
  const { code, verifier } = await codeFor(tp, 'pat.password@example.com')
  return (await exchangeCode(tp, code, verifier)).body as Record<string, string>
}

describe('POST {okta}/oauth2/default/v1/introspect', () => {
  it('an access token of the client: active, with its scope, user and expiry', async () => {
    const { access_token } = await tokens()
    const { status, body } = await introspect({ token: access_token ?? '', client_id: CLIENT })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      active: true,
      token_type: 'Bearer',
      client_id: CLIENT,
      username: 'pat.password@example.com',
      uid: '00udevpatpassword001',
      iss: `${tp.okta}/oauth2/default`,
      exp: Math.floor(tp.clock.now() / 1000) + 3600,
    })
    expect(String(body.scope).split(' ')).toContain('openid')
  })

  it.each([
    ["base64(client_id), as Okta's SDK sends it", `Basic ${btoa(CLIENT)}`],
    ['base64(client_id:), as RFC 6749 writes it', `Basic ${btoa(`${CLIENT}:`)}`],
  ])('the client named by HTTP Basic %s: accepted', async (_, authorization) => {
    const { refresh_token } = await tokens()
    const { body } = await introspect(
      { token: refresh_token ?? '', token_type_hint: 'refresh_token' },
      { Authorization: authorization },
    )
    expect(body).toMatchObject({ active: true, client_id: CLIENT, uid: '00udevpatpassword001' })
  })

  it('an ID token: active with its claims', async () => {
    const { id_token } = await tokens()
    const { body } = await introspect({ token: id_token ?? '', client_id: CLIENT })
    expect(body).toMatchObject({ active: true, aud: CLIENT, sub: '00udevpatpassword001' })
  })

  it('expired, rotated, revoked or unknown tokens: {active: false} and nothing else', async () => {
    const first = await tokens()
    await postForm(`${tp.okta}/oauth2/default/v1/token`, {
      grant_type: 'refresh_token',
      client_id: CLIENT,
      refresh_token: first.refresh_token ?? '',
    })
    const revoked = await tokens()
    await fetch(`${tp.okta}/oauth2/default/v1/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: revoked.refresh_token ?? '', client_id: CLIENT }),
    })
    const expiring = await tokens()
    tp.clock.advance(3600_000)
    for (const token of [
      first.refresh_token,
      revoked.refresh_token,
      expiring.access_token,
      'not-a-token',
    ]) {
      const { status, body } = await introspect({ token: token ?? '', client_id: CLIENT })
      expect(status).toBe(200)
      expect(body).toEqual({ active: false })
    }
  })

  const basic = (credentials: string) => ({ Authorization: `Basic ${btoa(credentials)}` })
  it.each<[string, number, string, Record<string, string>, Record<string, string>]>([
    ['no client', 401, 'invalid_client', {}, {}],
    ['another client', 401, 'invalid_client', { client_id: 'someone-else' }, {}],
    ['a Basic secret (a public client has none)', 401, 'invalid_client', {}, basic(`${CLIENT}:s3`)],
    ['Basic and form naming two clients', 401, 'invalid_client', { client_id: 'o' }, basic(CLIENT)],
    ['no token', 400, 'invalid_request', { client_id: CLIENT, token: '' }, {}],
    [
      'an unknown hint',
      400,
      'unsupported_token_type',
      { client_id: CLIENT, token_type_hint: 'x' },
      {},
    ],
  ])('%s: %i %s', async (_, status, error, form, headers) => {
    const answer = await introspect({ token: 'x', ...form }, headers)
    expect(answer.status).toBe(status)
    expect(answer.body.error).toBe(error)
  })

  it('a JSON body: 400 invalid_request', async () => {
    const response = await fetch(introspectUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: 'x', client_id: CLIENT }),
    })
    expect(response.status).toBe(400)
  })

  it('is listed in discovery', async () => {
    const discovery = (await (
      await fetch(`${tp.okta}/oauth2/default/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery.introspection_endpoint).toBe(introspectUrl())
  })
})
