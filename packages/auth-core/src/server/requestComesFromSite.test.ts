/**
 * The CSRF rule for cookie-authenticated requests, by the headers a browser sends: which requests
 * a sub-site's API lets through and which it answers with 403 `cross_site_request`.
 */
import { describe, expect, it } from 'vitest'
import { requestComesFromSite } from './requestComesFromSite'

const SITE = 'https://maps.example.com'
const SIBLING = 'https://evil.example.com'

describe('requestComesFromSite', () => {
  it.each(['GET', 'HEAD', 'OPTIONS'])(
    'lets %s through from anywhere (it changes nothing)',
    (method) => {
      expect(
        requestComesFromSite({ method, origin: SIBLING, secFetchSite: 'cross-site' }, [SITE]),
      ).toBe(true)
      expect(requestComesFromSite({ method, origin: null, secFetchSite: null }, [SITE])).toBe(true)
    },
  )

  it.each([
    ['no Sec-Fetch-Site (an older browser)', null],
    ['Sec-Fetch-Site: same-origin', 'same-origin'],
    ['Sec-Fetch-Site: same-site (the API on a sibling host)', 'same-site'],
  ])('lets a write from the sub-site Origin through with %s', (_label, secFetchSite) => {
    expect(requestComesFromSite({ method: 'POST', origin: SITE, secFetchSite }, [SITE])).toBe(true)
  })

  it.each(['cross-site', 'none'])(
    'refuses a write whose Origin is the sub-site but the browser says Sec-Fetch-Site: %s',
    (secFetchSite) => {
      expect(requestComesFromSite({ method: 'POST', origin: SITE, secFetchSite }, [SITE])).toBe(
        false,
      )
    },
  )

  it('refuses a write from another Origin, even one the browser calls same-site', () => {
    for (const secFetchSite of [null, 'same-origin', 'same-site'])
      expect(requestComesFromSite({ method: 'PUT', origin: SIBLING, secFetchSite }, [SITE])).toBe(
        false,
      )
  })

  it('without Origin, lets only Sec-Fetch-Site: same-origin through', () => {
    const write = (secFetchSite: string | null) =>
      requestComesFromSite({ method: 'DELETE', origin: null, secFetchSite }, [SITE])
    expect(write('same-origin')).toBe(true)
    expect(write('same-site')).toBe(false)
    expect(write('cross-site')).toBe(false)
    expect(write(null)).toBe(false)
  })

  it('takes any of several sub-site origins', () => {
    const origins = [SITE, 'https://maps.example.org']
    expect(
      requestComesFromSite(
        { method: 'PATCH', origin: 'https://maps.example.org', secFetchSite: null },
        origins,
      ),
    ).toBe(true)
  })
})
