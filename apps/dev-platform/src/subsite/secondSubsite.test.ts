/**
 * `DEV_SECOND_SUBSITE_PORT`: a second local sub-site on its own port. Cookies ignore ports, so it
 * shares the host-only cookies with the first while being another origin (its own Web Locks):
 * the local stand-in for `citystream.…` and `roads.…` under one parent domain.
 * `DEV_MORE_SUBSITE_PORTS`: up to three more, the same way (five origins, one session).
 */
import { describe, expect, it } from 'vitest'
import { readEnvOptions, ConfigError } from '../config'
import { startTestPlatform, useTestPlatform } from '../testing/testPlatform'

const tp = useTestPlatform({ secondSubsitePort: 0, moreSubsitePorts: [0, 0, 0] })

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

  it('with more ports: atlas, survey and imagery, each its own registered origin sharing the session', async () => {
    const more = tp.platform.config.moreSubsiteUrls
    expect(new Set([tp.subsite, second(), ...more]).size).toBe(5)
    for (const [index, name] of ['atlas', 'survey', 'imagery'].entries()) {
      const origin = more[index] ?? ''
      expect(origin).toMatch(/^http:\/\/localhost:\d+$/)
      expect(await (await fetch(`${origin}/`)).text()).toContain(
        `<title>${name} — demo sub-site</title>`,
      )
      const preflight = await fetch(`${tp.okta}/oauth2/default/v1/token`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin)
      expect(tp.platform.config.logoutRedirectUris).toContain(`${origin}/`)
    }
  })

  it('is off by default', async () => {
    const platform = await startTestPlatform()
    try {
      expect(platform.platform.config.secondSubsiteUrl).toBeNull()
      expect(platform.platform.config.moreSubsiteUrls).toEqual([])
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

  it('DEV_MORE_SUBSITE_PORTS is read as up to three port numbers and refused otherwise', () => {
    expect(readEnvOptions({ DEV_MORE_SUBSITE_PORTS: '3002, 3003,3004' })).toEqual({
      moreSubsitePorts: [3002, 3003, 3004],
    })
    expect(() => readEnvOptions({ DEV_MORE_SUBSITE_PORTS: '3002,x' })).toThrow(
      /DEV_MORE_SUBSITE_PORTS must be a whole number/,
    )
    expect(() => readEnvOptions({ DEV_MORE_SUBSITE_PORTS: '1,2,3,4' })).toThrow(
      /DEV_MORE_SUBSITE_PORTS lists at most 3 ports, not 4/,
    )
  })
})
