import { describe, expect, it } from 'vitest'
import { decodeAccessTokenClaims } from '../session/decodeAccessTokenClaims'
import { refreshSessionTokens } from '../session/refreshSessionTokens'
import { revokeRefreshToken } from '../session/revokeToken'
import { AuthError } from '../errors/authError'
import { createFakeTokenEndpoint } from './createFakeTokenEndpoint'
import { TEST_SESSION_CONFIG as config } from './createTestSession'
import { TEST_NOW_S, fakeAccessToken } from './fakeTokens'

const issuer = 'https://login.example.com/oauth2/default'
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

describe('createFakeTokenEndpoint', () => {
  it('answers the session refresh with rotated tokens the session accepts', async () => {
    const endpoint = createFakeTokenEndpoint({ config, now: () => TEST_NOW_S * 1000 })
    const tokens = await refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })
    expect(tokens.refreshToken).toBe('rt-1')
    expect(decodeAccessTokenClaims(tokens.accessToken)).toMatchObject({
      subject: 'ada@example.com',
      expiresAt: TEST_NOW_S + 3600,
    })
    expect([...endpoint.validRefreshTokens]).toEqual(['rt-1'])
    expect(endpoint.requests).toMatchObject([
      { endpoint: 'token', method: 'POST', url: `${issuer}/v1/token` },
    ])
    expect(endpoint.requests[0]?.form.get('grant_type')).toBe('refresh_token')
  })

  it('refuses a spent refresh token with invalid_grant (rotation)', async () => {
    const endpoint = createFakeTokenEndpoint({ config })
    await refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })
    const replay = refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })
    await expect(replay).rejects.toBeInstanceOf(AuthError)
    await expect(replay).rejects.toMatchObject({ details: { providerCode: 'invalid_grant' } })
  })

  it('refuses another client and another grant', async () => {
    const endpoint = createFakeTokenEndpoint({ config })
    const token = `${issuer}/v1/token`
    const other = await endpoint.fetch(
      token,
      form({ grant_type: 'refresh_token', client_id: 'x', refresh_token: 'rt-0' }),
    )
    expect([other.status, (await other.json()).error]).toEqual([401, 'invalid_client'])
    const grant = await endpoint.fetch(
      token,
      form({ grant_type: 'password', client_id: config.clientId }),
    )
    expect([grant.status, (await grant.json()).error]).toEqual([400, 'unsupported_grant_type'])
    expect([...endpoint.validRefreshTokens]).toEqual(['rt-0'])
  })

  it('revokes: 200, recorded, and the token stops working', async () => {
    const endpoint = createFakeTokenEndpoint({ config })
    await revokeRefreshToken(config, 'rt-0', { fetch: endpoint.fetch })
    expect(endpoint.revoked).toEqual(['rt-0'])
    expect(endpoint.requests[0]?.form.get('token_type_hint')).toBe('refresh_token')
    await expect(refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })).rejects.toThrow()
  })

  it('answers userinfo for a token it issued or was given, until it is revoked', async () => {
    const given = fakeAccessToken()
    const endpoint = createFakeTokenEndpoint({
      config,
      accessTokens: [given],
      user: { subject: 'grace@example.com', email: 'grace@example.com', name: 'Grace Hopper' },
    })
    const userinfo = (token: string) =>
      endpoint.fetch(`${issuer}/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } })
    expect(await (await userinfo(given)).json()).toEqual({
      sub: 'grace@example.com',
      email: 'grace@example.com',
      name: 'Grace Hopper',
    })
    const { accessToken } = await refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })
    expect((await userinfo(accessToken)).status).toBe(200)
    expect((await userinfo('made-up')).status).toBe(401)
    await revokeRefreshToken(config, given, { fetch: endpoint.fetch }, 'access_token')
    expect((await userinfo(given)).status).toBe(401)
    expect(endpoint.requests.at(-1)?.authorization).toBe(`Bearer ${given}`)
  })

  it('answers 404 elsewhere, and failNext replaces one answer', async () => {
    const endpoint = createFakeTokenEndpoint({ config })
    expect((await endpoint.fetch('https://login.example.com/api/v1/users/me')).status).toBe(404)
    endpoint.failNext(new Response('busy', { status: 503 }))
    endpoint.failNext(new TypeError('fetch failed'))
    await expect(
      refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch }),
    ).rejects.toBeInstanceOf(AuthError)
    await expect(
      refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch }),
    ).rejects.toMatchObject({
      code: 'network_error',
    })
    // Neither failure spent the refresh token.
    expect(
      (await refreshSessionTokens(config, 'rt-0', { fetch: endpoint.fetch })).refreshToken,
    ).toBe('rt-1')
    expect(endpoint.requests.map((request) => request.endpoint)).toEqual([
      'other',
      'token',
      'token',
      'token',
    ])
  })
})
