/**
 * "You’re signed in as …" names only a person the identity provider vouched for. The
 * attack: a forged access token naming the victim, next to the attacker's real
 * refresh token (login CSRF: Continue would put the victim into the attacker's account). The page
 * verifies the access token against the authorization server's keys before it asks anything.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { startTestApp } from '../testing/harness'
import { json, SECRETS } from '../testing/oktaBodies'
import {
  accessClaims,
  createTestAuthorizationServer,
  encodePart,
} from '../testing/testAuthorizationServer'

const SCOPE = 'domain=.example.com; path=/; secure'
const VICTIM = 'victim@example.com'

function plant(accessToken: string): void {
  document.cookie = `access_token=${accessToken}; ${SCOPE}`
  // The attacker's own, real refresh token.
  document.cookie = `refresh_token=${SECRETS.refreshToken}; ${SCOPE}`
}

/** The plain email step, and nobody named anywhere on the page. */
async function expectNobodyNamed(): Promise<void> {
  expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeTruthy()
  expect(document.body.textContent).not.toContain('signed in as')
  expect(document.body.textContent).not.toContain(VICTIM)
  expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull()
}

describe('already signed in: only a verified person is named', () => {
  it.each([
    [
      'signed by another key (same kid)',
      async () => (await createTestAuthorizationServer()).sign(accessClaims({ sub: VICTIM })),
    ],
    [
      'alg none',
      async () => `${encodePart({ alg: 'none' })}.${encodePart(accessClaims({ sub: VICTIM }))}.`,
    ],
  ])(
    'a forged access token (%s) next to a real refresh token: the email step, nobody named',
    async (_name, forge) => {
      const server = await createTestAuthorizationServer()
      plant(await forge())
      const app = await startTestApp({ respond: server.respond() })
      await expectNobodyNamed()
      expect(app.navigations).toEqual([])
    },
  )

  it('a step hash at a deeper path over a tossed access token alone (its copy expired at load, no refresh token): the email step, no question', async () => {
    const server = await createTestAuthorizationServer()
    document.cookie = `access_token=${await server.sign(accessClaims({ sub: VICTIM }))}; domain=.example.com; path=/a; secure`
    const app = await startTestApp({ respond: server.respond(), url: '/a/b#sign-in' })
    await expectNobodyNamed()
    expect(screen.queryByRole('heading', { name: /already signed in/ })).toBeNull()
    expect(app.navigations).toEqual([])
  })

  it('a tampered payload (a genuine signature over someone else’s claims): the email step', async () => {
    const server = await createTestAuthorizationServer()
    const [header, , signature] = (await server.sign(accessClaims())).split('.')
    plant(`${header}.${encodePart(accessClaims({ sub: VICTIM }))}.${signature}`)
    await startTestApp({ respond: server.respond() })
    await expectNobodyNamed()
  })

  it('keys that cannot be fetched: the email step, nobody named', async () => {
    const server = await createTestAuthorizationServer()
    plant(await server.sign(accessClaims({ sub: VICTIM })))
    await startTestApp({ respond: () => json({ error: 'down' }, 503) })
    await expectNobodyNamed()
  })

  it('a token the server signed: its person is named, and Continue goes on', async () => {
    const server = await createTestAuthorizationServer()
    plant(await server.sign(accessClaims()))
    const user = userEvent.setup()
    const app = await startTestApp({ respond: server.respond() })
    const heading = await screen.findByRole('heading', { level: 1, name: /^You’re signed in as/ })
    expect(heading.textContent).toBe('You’re signed in as pat@example.com')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(app.navigations).toEqual([{ url: 'https://citystream.example.com/', mode: 'assign' }]),
    )
    expect(app.requestsTo('/oauth2/default/v1/keys')).toHaveLength(1)
  })

  it('Continue after the cookie was swapped for a forged token: the email step, never the sub-site', async () => {
    const server = await createTestAuthorizationServer()
    plant(await server.sign(accessClaims()))
    const user = userEvent.setup()
    const app = await startTestApp({ respond: server.respond() })
    await screen.findByRole('heading', { level: 1, name: /^You’re signed in as/ })
    const forged = await (await createTestAuthorizationServer()).sign(accessClaims({ sub: VICTIM }))
    document.cookie = `access_token=${forged}; ${SCOPE}`
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await expectNobodyNamed()
    expect(app.navigations).toEqual([])
    await act(async () => undefined)
  })
})
