import { describe, expect, it } from 'vitest'
import { serializeCookie } from '../cookies/serializeCookie'
import { planLocaleCookie, readLocale } from './localeCookie'

describe('the locale cookie', () => {
  it('is written on the parent domain for a year, as the contract says', () => {
    const cookie = planLocaleCookie({ parentDomain: '.example.com', localMode: false }, 'pt-BR')
    expect(serializeCookie(cookie)).toBe(
      'locale=pt-BR; Domain=.example.com; Path=/; Max-Age=31536000; Secure; SameSite=Lax',
    )
  })

  it('is planned with every attribute the effect runner writes, whatever writes it', () => {
    expect(
      planLocaleCookie({ parentDomain: '.example.com', localMode: false }, 'zh-TW'),
    ).toStrictEqual({
      name: 'locale',
      value: 'zh-TW',
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 31_536_000,
    })
    expect(planLocaleCookie({ parentDomain: '.example.com', localMode: true }, 'he')).toStrictEqual(
      {
        name: 'locale',
        value: 'he',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 31_536_000,
      },
    )
  })

  it('is host-only in local mode', () => {
    const cookie = planLocaleCookie({ parentDomain: '.example.com', localMode: true }, 'ar')
    expect(serializeCookie(cookie)).toBe(
      'locale=ar; Path=/; Max-Age=31536000; Secure; SameSite=Lax',
    )
  })

  it('is read back from document.cookie, matched to a supported locale', () => {
    expect(readLocale('access_token=x; locale=de; other=1')).toBe('de')
    expect(readLocale('locale=pt')).toBe('pt-BR')
    expect(readLocale('locale=zh-Hant-HK')).toBe('zh-TW')
  })

  it('gives null when there is none, it is unsupported, or it appears twice (damaged)', () => {
    expect(readLocale('')).toBeNull()
    expect(readLocale('xlocale=de')).toBeNull()
    expect(readLocale('locale=tlh')).toBeNull()
    expect(readLocale('locale=de; locale=fr')).toBeNull()
    expect(readLocale('locale=')).toBeNull()
  })

  it('gives null for a tampered value rather than a guess', () => {
    expect(readLocale('locale=de-AT,fr')).toBeNull()
    expect(readLocale('locale=../de')).toBeNull()
    expect(readLocale('locale="de"')).toBeNull()
    expect(readLocale('locale=de%20fr')).toBeNull()
  })

  it('reads the name exactly, whatever the order and spacing of the other cookies', () => {
    expect(readLocale('a=1;locale=nl-BE;b=2')).toBe('nl-NL')
    expect(readLocale('mylocale=fr; locale=it')).toBe('it')
    expect(readLocale('Locale=fr; LOCALE=de')).toBeNull()
  })
})
