/**
 * The platform-wide refresh lease on the sign-in page, so a sub-site's refresh
 * in flight never overwrites the person who just signed in: the final write of the token
 * cookies and "Sign in with a different account" wait for a sub-site's refresh in flight, and a
 * sub-site's session waits for the page. Through the whole app on happy-dom's `document.cookie`,
 * with a sub-site's `refresh_lease` cookie planted as another page would write it.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { oauthEndpointsFor } from '@mapping-platform/auth-core'
import type { AuthConfig } from '@mapping-platform/auth-core'
import {
  browserSessionDeps,
  createPlatformSession,
} from '../../../../packages/auth-core/src/testing/index'
import {
  createUnsignedJwt,
  idTokenClaims,
} from '../../../../packages/auth-core/src/testSupport/jwt'
import { accessClaims, createTestAuthorizationServer } from '../testing/testAuthorizationServer'
import { startTestApp, testAuthConfig } from '../testing/harness'
import { json, SECRETS, tokenSuccess } from '../testing/oktaBodies'
import { RETURN, storedReturn } from '../testing/providerReturn'

const { state: STATE, nonce: NONCE } = RETURN
const SCOPE = 'domain=.example.com; path=/; secure'
const SUBSITE_HOLDER = 'roads-subsite-holder'
const REVOKE = '/oauth2/default/v1/revoke'

const callbackPage = () => ({
  url: `/#code=${SECRETS.code}&state=${STATE}`,
  stored: storedReturn('okta'),
})

/** A sub-site's lease, as `createPlatformSession` writes it, lasting `ms` more. */
const plantSubsiteLease = (ms: number) => {
  document.cookie = `refresh_lease=${SUBSITE_HOLDER}.${Date.now() + ms}; ${SCOPE}; max-age=16`
}
const releaseSubsiteLease = () => {
  document.cookie = `refresh_lease=; ${SCOPE}; max-age=0`
}
/** Generous: the lease's own waits are 100 ms each, and the machine may be busy. */
const SOON = { timeout: 5000 }
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null

describe('the sign-in page and the platform-wide refresh lease', () => {
  it('back from the identity provider while a sub-site refreshes: the token cookies and the redirect wait for its lease', async () => {
    plantSubsiteLease(10_000)
    const config = testAuthConfig()
    const app = await startTestApp({
      ...callbackPage(),
      respond: () => tokenSuccess(config, NONCE),
    })
    await waitFor(() => expect(app.requestsTo('/oauth2/default/v1/token')).toHaveLength(1), SOON)
    await wait(500)
    expect(cookie('access_token')).toBeNull()
    expect(app.navigations).toEqual([])
    expect(cookie('refresh_lease')).toMatch(new RegExp(`^${SUBSITE_HOLDER}\\.`))

    releaseSubsiteLease()
    await waitFor(() => expect(app.navigations).toHaveLength(1), SOON)
    expect(cookie('access_token')).toBe(SECRETS.accessToken)
    expect(cookie('refresh_token')).toBe(SECRETS.refreshToken)
    // Its own lease is gone before the page leaves.
    expect(cookie('refresh_lease')).toBeNull()
  })

  it('a lease that is never released strands nobody: past its expiry the cookies are written and the page goes on', async () => {
    plantSubsiteLease(700)
    const config = testAuthConfig()
    const app = await startTestApp({
      ...callbackPage(),
      respond: () => tokenSuccess(config, NONCE),
    })
    await waitFor(() => expect(app.requestsTo('/oauth2/default/v1/token')).toHaveLength(1), SOON)
    expect(app.navigations).toEqual([])
    await waitFor(() => expect(app.navigations).toHaveLength(1), SOON)
    expect(cookie('access_token')).toBe(SECRETS.accessToken)
    expect(app.navigations[0]?.mode).toBe('replace')
  })

  it('Sign in with a different account while a sub-site refreshes: waits for it, then revokes and removes the tokens it rotated', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600
    const server = await createTestAuthorizationServer()
    const before = await server.sign(accessClaims({ exp }))
    document.cookie = `access_token=${before}; ${SCOPE}`
    document.cookie = `refresh_token=${SECRETS.refreshToken}; ${SCOPE}`
    const user = userEvent.setup()
    const app = await startTestApp({ respond: server.respond() })
    await screen.findByRole('heading', { level: 1, name: /^You’re signed in as/ })

    plantSubsiteLease(10_000)
    await user.click(screen.getByRole('button', { name: 'Sign in with a different account' }))
    await wait(500)
    expect(app.requestsTo(REVOKE)).toEqual([])
    expect(cookie('refresh_token')).toBe(SECRETS.refreshToken)

    // The sub-site's refresh answers: it writes the rotated tokens, then lets go of its lease.
    const rotated = createUnsignedJwt({ sub: 'pat@example.com', exp: exp + 60 })
    document.cookie = `access_token=${rotated}; ${SCOPE}`
    document.cookie = `refresh_token=rotated-refresh-token; ${SCOPE}`
    releaseSubsiteLease()

    expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeTruthy()
    expect(cookie('access_token')).toBeNull()
    expect(cookie('refresh_token')).toBeNull()
    expect(cookie('refresh_lease')).toBeNull()
    const revoked = app
      .requestsTo(REVOKE)
      .map((request) => Object.fromEntries(new URLSearchParams(request.body)))
    expect(revoked).toHaveLength(2)
    expect(revoked).toContainEqual(
      expect.objectContaining({ token: 'rotated-refresh-token', token_type_hint: 'refresh_token' }),
    )
    expect(revoked).toContainEqual(
      expect.objectContaining({ token: rotated, token_type_hint: 'access_token' }),
    )
  })

  it('while the page holds the lease for its final write, a sub-site session does not refresh: it waits and uses the new tokens', async () => {
    const nowS = Math.floor(Date.now() / 1000)
    // The person before: an access token that has run out, a refresh token still there.
    document.cookie = `access_token=${createUnsignedJwt({ sub: 'old', exp: nowS - 60 })}; ${SCOPE}`
    document.cookie = `refresh_token=old-refresh-token; ${SCOPE}`
    const config = testAuthConfig()
    const fresh = createUnsignedJwt({ sub: 'new', exp: nowS + 3600 })
    const sessionFetch = vi.fn(async () => new Response(null, { status: 500 }))
    const session = createPlatformSession(
      sessionConfigOf(config),
      browserSessionDeps(window, {
        fetch: sessionFetch as unknown as typeof fetch,
        navigate: () => undefined,
        // happy-dom has no Web Locks; across sub-sites the lease is what counts.
        lock: (_name, task) => task(),
      }),
    )
    const app = await startTestApp({
      ...callbackPage(),
      respond: () => tokensFor(config, fresh, 'new-refresh-token'),
    })
    // The moment the page's lease is in the cookies, the sub-site wants a token.
    await waitFor(() => expect(cookie('refresh_lease')).not.toBeNull(), {
      interval: 5,
      timeout: 5000,
    })
    expect(cookie('access_token')).not.toBe(fresh)
    const token = await session.getAccessToken()
    expect(token).toBe(fresh)
    expect(sessionFetch).not.toHaveBeenCalled()
    await waitFor(() => expect(app.navigations).toHaveLength(1), SOON)
    expect(cookie('refresh_token')).toBe('new-refresh-token')
  })
})

/** The session's view of the sign-in page's configuration (same provider, same cookies). */
function sessionConfigOf(config: AuthConfig) {
  return {
    oktaOrgUrl: config.oktaOrgUrl,
    authServerId: config.authServerId,
    clientId: config.clientId,
    parentDomain: '.example.com',
    localMode: false,
    signInUrl: 'https://signin.example.com/',
  }
}

/** A token-endpoint success carrying `accessToken` and `refreshToken`. */
function tokensFor(config: AuthConfig, accessToken: string, refreshToken: string): Response {
  const { issuer } = oauthEndpointsFor(config)
  return json({
    token_type: 'Bearer',
    expires_in: 3600,
    access_token: accessToken,
    refresh_token: refreshToken,
    scope: 'openid offline_access',
    id_token: createUnsignedJwt(idTokenClaims({ issuer, clientId: config.clientId, nonce: NONCE })),
  })
}
