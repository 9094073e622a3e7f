import { describe, expect, it } from 'vitest'
import { HOTP, Secret, TOTP, URI } from 'otpauth'
import { matchTotp, otpauthUri, totpCode, totpCodeAt, totpCounter } from './totp'

/** RFC 6238 Appendix B: the SHA1 seed is the ASCII string "12345678901234567890". */
const RFC_SECRET = new TextEncoder().encode('12345678901234567890')

describe('totp', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])(
    'at T=%i s: matches the RFC 6238 Appendix B SHA1 vector %s (8 digits)',
    (seconds, expected) => {
      expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(expected)
    },
  )

  it('on 6 digits: is the last 6 digits of the RFC vector (same truncation)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082')
  })

  it('on a base32 secret: agrees with otpauth TOTP, as an authenticator app computes it', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const reference = new TOTP({ secret: Secret.fromBase32(secret) })
    for (const at of [0, 1_700_000_000_000, 1_700_000_029_999])
      expect(totpCode(secret, at)).toBe(reference.generate({ timestamp: at }))
  })

  it('on matchTotp: accepts the current and the previous step, and says which', () => {
    const now = 1_700_000_015_000
    const current = totpCounter(now)
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, current), now)).toBe(current)
    expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, current - 1), now)).toBe(current - 1)
  })

  it('on matchTotp: refuses the next step, older steps, and malformed input', () => {
    const now = 1_700_000_015_000
    const current = totpCounter(now)
    for (const counter of [current + 1, current - 2])
      expect(matchTotp(RFC_SECRET, totpCodeAt(RFC_SECRET, counter), now)).toBeNull()
    for (const code of ['', '12345', '1234567', 'abcdef', ' 12345'])
      expect(matchTotp(RFC_SECRET, code, now)).toBeNull()
  })

  it('on totpCodeAt: is HOTP over the time-step counter', () => {
    const secret = new Secret({ buffer: RFC_SECRET.slice().buffer })
    expect(totpCodeAt(RFC_SECRET, 1)).toBe(HOTP.generate({ secret, counter: 1 }))
  })

  it('on otpauthUri: is the Key Uri Format with issuer, SHA1, 6 digits and 30 s', () => {
    const uri = new URL(otpauthUri('Dev Platform (Okta Verify)', 'tess.totp@example.com', 'ABC234'))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe(
      '/Dev Platform (Okta Verify):tess.totp@example.com',
    )
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: 'ABC234',
      issuer: 'Dev Platform (Okta Verify)',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    })
  })

  it('on otpauthUri: parses back (otpauth URI.parse) to the same TOTP', () => {
    const parsed = URI.parse(
      otpauthUri('Dev Platform', 'nia.enroll@example.com', 'JBSWY3DPEHPK3PXP'),
    )
    expect(parsed).toBeInstanceOf(TOTP)
    expect(parsed.issuer).toBe('Dev Platform')
    expect(parsed.label).toBe('nia.enroll@example.com')
    expect(parsed.secret.base32).toBe('JBSWY3DPEHPK3PXP')
  })
})
