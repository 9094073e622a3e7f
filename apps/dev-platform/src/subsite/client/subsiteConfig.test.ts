import { describe, expect, it } from 'vitest'
import { parseSubsiteConfig, SubsiteConfigError } from './subsiteConfig'

const valid = {
  subsite: 'citystream',
  home: 'http://localhost:3000/',
  apiUrl: 'http://localhost:4012',
  apiOrigins: ['http://localhost:3000'],
  session: {
    oktaOrgUrl: 'http://localhost:4010',
    authServerId: 'default',
    clientId: '0oadevsignin',
    parentDomain: '',
    localMode: true,
    signInUrl: 'http://localhost:5173/',
    clockSkewSeconds: 60,
    refreshLeewaySeconds: 60,
  },
}

const withSession = (patch: Record<string, unknown>) =>
  JSON.stringify({ ...valid, session: { ...valid.session, ...patch } })

describe('parseSubsiteConfig', () => {
  it('on the JSON the server renders: returns it as a SubsiteConfig', () => {
    expect(parseSubsiteConfig(JSON.stringify(valid))).toEqual(valid)
  })

  it('without the margins: leaves them to auth-core’s defaults', () => {
    const config = parseSubsiteConfig(
      withSession({ clockSkewSeconds: undefined, refreshLeewaySeconds: undefined }),
    )
    expect(config.session.clockSkewSeconds).toBeUndefined()
    expect(config.session.refreshLeewaySeconds).toBeUndefined()
  })

  it.each([
    ['no meta element', null, 'The page has no <meta name="subsite-config">.'],
    ['an empty content', '', 'The page has no <meta name="subsite-config">.'],
    ['not JSON', '{subsite:', 'The sub-site configuration is not JSON.'],
    ['an array', '[]', 'the configuration must be an object.'],
    ['no session', JSON.stringify({ ...valid, session: null }), 'session must be an object.'],
    [
      'an empty subsite',
      JSON.stringify({ ...valid, subsite: '' }),
      'subsite must be a non-empty string.',
    ],
    ['a numeric home', JSON.stringify({ ...valid, home: 3 }), 'home must be a non-empty string.'],
    [
      'apiOrigins not a list of strings',
      JSON.stringify({ ...valid, apiOrigins: 'http://localhost:3000' }),
      'apiOrigins must be an array of strings.',
    ],
    [
      'an apiOrigins entry not a string',
      JSON.stringify({ ...valid, apiOrigins: [3] }),
      'apiOrigins must be an array of strings.',
    ],
    [
      'no client id',
      withSession({ clientId: undefined }),
      'session.clientId must be a non-empty string.',
    ],
    [
      'a null parent domain',
      withSession({ parentDomain: null }),
      'session.parentDomain must be a string.',
    ],
    [
      'a string localMode',
      withSession({ localMode: 'true' }),
      'session.localMode must be a boolean.',
    ],
    [
      'a string leeway',
      withSession({ refreshLeewaySeconds: '60' }),
      'session.refreshLeewaySeconds must be a number.',
    ],
  ])('on %s: throws SubsiteConfigError naming the field', (_label, content, message) => {
    expect(() => parseSubsiteConfig(content)).toThrow(new SubsiteConfigError(message))
  })
})
