import { describe, expect, it } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { buildLogoutUrl } from './buildLogoutUrl'

const config = testConfig()
const input = { idTokenHint: 'eyJh.eyJw.sig', postLogoutRedirectUri: 'https://roads.example.com/' }

describe('buildLogoutUrl', () => {
  it.each([
    [
      'custom authorization server (default)',
      input,
      'https://login.example.com/oauth2/default/v1/logout?id_token_hint=eyJh.eyJw.sig&post_logout_redirect_uri=https%3A%2F%2Froads.example.com%2F',
    ],
    [
      'custom authorization server (explicit)',
      { ...input, server: 'custom' as const },
      'https://login.example.com/oauth2/default/v1/logout?id_token_hint=eyJh.eyJw.sig&post_logout_redirect_uri=https%3A%2F%2Froads.example.com%2F',
    ],
    [
      'org authorization server',
      { ...input, server: 'org' as const },
      'https://login.example.com/oauth2/v1/logout?id_token_hint=eyJh.eyJw.sig&post_logout_redirect_uri=https%3A%2F%2Froads.example.com%2F',
    ],
    [
      'with a state',
      { ...input, state: 'abc_-123' },
      'https://login.example.com/oauth2/default/v1/logout?id_token_hint=eyJh.eyJw.sig&post_logout_redirect_uri=https%3A%2F%2Froads.example.com%2F&state=abc_-123',
    ],
  ])('%s: builds the exact RP-initiated logout URL', (_name, logoutInput, expected) => {
    expect(buildLogoutUrl(config, logoutInput)).toBe(expected)
  })

  it('encodes a return URI that carries its own query, so it stays one parameter', () => {
    const url = new URL(
      buildLogoutUrl(config, {
        ...input,
        postLogoutRedirectUri: 'https://signin.example.com/?error=unknown_error&x=1',
      }),
    )
    expect([...url.searchParams.keys()]).toEqual(['id_token_hint', 'post_logout_redirect_uri'])
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
      'https://signin.example.com/?error=unknown_error&x=1',
    )
  })
})
