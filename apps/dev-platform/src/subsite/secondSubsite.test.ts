/**
 * `DEV_SECOND_SUBSITE_PORT`: a second local sub-site on its own port. Cookies ignore ports, so it
 * shares the host-only cookies with the first while being another origin (its own Web Locks):
 * the local stand-in for `citystream.…` and `roads.…` under one parent domain.
 */
import { describe, expect, it } from 'vitest'
import { readEnvOptions, ConfigError } from '../config'
import { startTestPlatform, useTestPlatform } from '../testing/testPlatform'

const tp = useTestPlatform({ secondSubsitePort: 0 })

const second = () => tp.platform.config.secondSubsiteUrl ?? ''

describe('the second local sub-site', () => {
  it('serves the same sub-site page as "roads", with its own origin as home', async () => {
    expect(second()).toMatch(/^http:\/\/localhost:\d+$/)
    expect(second()).not.toBe(tp.subsite)
    const page = await (await fetch(`${second()}/`)).text()
    expect(page).toContain('<title>roads — demo sub-site</title>')
    expect(page).toContain(`&quot;home&quot;:&quot;${second()}/&quot;`)
    expect(page).toContain('<script type="module" src="/static/subsite.js"></script>')
    // The first one is unchanged.
    expect(await (await fetch(`${tp.subsite}/`)).text()).toContain(
      '<title>citystream — demo sub-site</title>',
    )
  })

  it('is a registered sub-site origin: the token endpoint answers its CORS preflight, not a foreign port’s', async () => {
    const preflight = (origin: string) =>
      fetch(`${tp.okta}/oauth2/default/v1/token`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
    const allowed = await preflight(second())
    expect(allowed.headers.get('access-control-allow-origin')).toBe(second())
    const foreign = await preflight('http://localhost:1')
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('its home is a registered post-logout redirect URI', () => {
    expect(tp.platform.config.logoutRedirectUris).toContain(`${second()}/`)
  })

  it('is off by default', async () => {
    const platform = await startTestPlatform()
    try {
      expect(platform.platform.config.secondSubsiteUrl).toBeNull()
      expect(platform.platform.config.logoutRedirectUris).not.toContain('http://localhost:0/')
    } finally {
      await platform.close()
    }
  })

  it('DEV_SECOND_SUBSITE_PORT is read as a port number and refused otherwise', () => {
    expect(readEnvOptions({ DEV_SECOND_SUBSITE_PORT: '3001' })).toEqual({ secondSubsitePort: 3001 })
    expect(() => readEnvOptions({ DEV_SECOND_SUBSITE_PORT: 'x' })).toThrow(ConfigError)
    expect(() => readEnvOptions({ DEV_SECOND_SUBSITE_PORT: '70000' })).toThrow(
      /DEV_SECOND_SUBSITE_PORT must be a whole number from 0 to 65535/,
    )
  })
})
