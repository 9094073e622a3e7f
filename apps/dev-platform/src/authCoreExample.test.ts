/**
 * auth-core's README example (packages/auth-core/examples/wholeFlow.ts) is the whole sign-in flow
 * in Node: the pure reducer with a small shell running its effects. It must keep working against
 * this platform, so the README never shows code that does not run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWholeFlow } from '../../../packages/auth-core/examples/wholeFlow'
import { startTestPlatform, type TestPlatform } from './testing/testPlatform'

describe("auth-core's whole-flow example", () => {
  let test: TestPlatform
  beforeAll(async () => {
    // The example validates tokens against the real clock, so this platform uses it too.
    test = await startTestPlatform({ now: Date.now })
  })
  afterAll(() => test.close())

  it('signs pat in with a password and ends at the provider logout carrying the id token', async () => {
    const lines: string[] = []
    const result = await runWholeFlow({
      oktaOrgUrl: test.okta,
      appOrigin: test.app,
      email: 'pat.password@example.com',
      password: 'Password-only-1',
      log: (line) => lines.push(line),
    })
    expect(result.cookies.map((cookie) => cookie.split('=')[0])).toEqual([
      'access_token',
      'refresh_token',
    ])
    expect(result.cookies[0]).toMatch(/; Path=\/; Max-Age=3600; Secure; SameSite=Lax$/)
    const end = new URL(result.finalUrl)
    expect(end.origin + end.pathname).toBe(`${test.okta}/oauth2/default/v1/logout`)
    expect(end.searchParams.get('id_token_hint')).toMatch(/^eyJ/)
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/')
    expect(lines).toContain('step: callback → done')
  })

  it('reports a wrong password as the flow does: back at the email step', async () => {
    await expect(
      runWholeFlow({
        oktaOrgUrl: test.okta,
        appOrigin: test.app,
        email: 'pat.password@example.com',
        password: 'wrong-password',
        log: () => {},
      }),
    ).rejects.toThrow('The flow stopped at the email step (invalid_credentials).')
  })
})
