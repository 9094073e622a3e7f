import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildOtpauthUri } from './buildOtpauthUri'

const SECRET = 'KBMTM32UJZSXQ2DWK4YTKOBTGQ'

describe('buildOtpauthUri', () => {
  it('names the issuer and the account, and carries the secret', () => {
    expect(
      buildOtpauthUri({ secret: SECRET, issuer: 'Mapping Platform', account: 'nia@example.com' }),
    ).toBe(
      'otpauth://totp/Mapping%20Platform:nia%40example.com?secret=KBMTM32UJZSXQ2DWK4YTKOBTGQ&issuer=Mapping%20Platform',
    )
  })

  it('encodes what would break the label or the query: colons, plus signs, ampersands', () => {
    const uri = buildOtpauthUri({
      secret: SECRET,
      issuer: 'A&B: Maps',
      account: 'x+y:z@example.com',
    })
    expect(uri).toBe(
      'otpauth://totp/A%26B%3A%20Maps:x%2By%3Az%40example.com?secret=KBMTM32UJZSXQ2DWK4YTKOBTGQ&issuer=A%26B%3A%20Maps',
    )
  })

  it('leaves the account out when the page no longer knows it', () => {
    expect(buildOtpauthUri({ secret: SECRET, issuer: 'Mapping Platform', account: null })).toBe(
      `otpauth://totp/Mapping%20Platform?secret=${SECRET}&issuer=Mapping%20Platform`,
    )
  })

  it('trims the issuer and the account', () => {
    expect(
      buildOtpauthUri({
        secret: SECRET,
        issuer: ' Mapping Platform ',
        account: ' nia@example.com ',
      }),
    ).toBe(
      `otpauth://totp/Mapping%20Platform:nia%40example.com?secret=${SECRET}&issuer=Mapping%20Platform`,
    )
  })

  it.each(['', '   '])(
    'with a blank issuer %j: the label is the account, no issuer parameter',
    (issuer) => {
      expect(buildOtpauthUri({ secret: SECRET, issuer, account: 'nia@example.com' })).toBe(
        `otpauth://totp/nia%40example.com?secret=${SECRET}`,
      )
    },
  )

  it('tolerates a secret written in groups, in lowercase, or with padding', () => {
    const uri = buildOtpauthUri({
      secret: 'kbmt m32u jzsx q2dw k4yt kobt gq==',
      issuer: 'M',
      account: 'a@b.co',
    })
    expect(new URL(uri!).searchParams.get('secret')).toBe(SECRET)
  })

  it.each(['', '   ', 'KBMT1890', 'KBMT-M32U', 'KBMT=M32U', 'ÄBCD', 'KBMT&issuer=evil'])(
    'gives no link for a secret that is not base32: %j',
    (secret) => {
      expect(buildOtpauthUri({ secret, issuer: 'Mapping Platform', account: 'a@b.co' })).toBeNull()
    },
  )

  it('round-trips: any base32 secret, issuer and account read back unchanged', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z2-7]{16,64}$/),
        fc.string({ minLength: 1 }).filter((s) => s.trim() === s && s.length > 0),
        fc.emailAddress(),
        (secret, issuer, account) => {
          const uri = new URL(buildOtpauthUri({ secret, issuer, account })!)
          expect(uri.protocol).toBe('otpauth:')
          expect(uri.host).toBe('totp')
          expect(uri.searchParams.get('secret')).toBe(secret)
          expect(uri.searchParams.get('issuer')).toBe(issuer)
          const [labelIssuer, labelAccount] = uri.pathname.slice(1).split(':')
          expect(decodeURIComponent(labelIssuer!)).toBe(issuer)
          expect(decodeURIComponent(labelAccount!)).toBe(account)
          expect(uri.search).not.toContain('+')
        },
      ),
    )
  })
})
