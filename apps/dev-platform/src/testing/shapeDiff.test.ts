import { describe, expect, it } from 'vitest'
import { shapeDiff } from './shapeDiff'

describe('shapeDiff', () => {
  it('on equal shapes with other values: finds nothing', () => {
    expect(
      shapeDiff({ a: 1, b: { c: 'x', d: [true] } }, { a: 2, b: { c: 'y', d: [false, true] } }),
    ).toEqual([])
  })

  it('on missing, extra and retyped keys: names each by path', () => {
    expect(shapeDiff({ a: 1, b: { c: 'x' } }, { b: { c: 1, e: null }, f: [] })).toEqual([
      'missing a',
      'type b.c: fixture string, response number',
      'extra b.e',
      'extra f',
    ])
  })

  it('on arrays: compares each element with the fixture element, and empty against non-empty', () => {
    expect(shapeDiff({ list: [{ a: 1 }] }, { list: [{ a: 1 }, { a: 'x' }, { a: 'y' }] })).toEqual([
      'type list[].a: fixture number, response string',
    ])
    expect(shapeDiff({ causes: [] }, { causes: [{ errorSummary: 'x' }] })).toEqual([
      'extra causes[]',
    ])
    expect(shapeDiff({ causes: [{ errorSummary: 'x' }] }, { causes: [] })).toEqual([
      'missing causes[]',
    ])
  })

  it('on factor lists: matches elements by factorType:provider', () => {
    const fixture = {
      factors: [
        { factorType: 'sms', provider: 'OKTA', profile: { phoneNumber: 'x' } },
        { factorType: 'push', provider: 'OKTA', profile: { name: 'x' } },
      ],
    }
    const response = {
      factors: [
        { factorType: 'push', provider: 'OKTA', profile: { name: 'y', extra: 1 } },
        { factorType: 'token:software:totp', provider: 'GOOGLE' },
      ],
    }
    expect(shapeDiff(fixture, response)).toEqual([
      'missing factors[sms:OKTA]',
      'extra factors[push:OKTA].profile.extra',
      'extra factors[token:software:totp:GOOGLE]',
    ])
  })

  it('on maps keyed by Okta ids: compares values whatever the ids', () => {
    const fixture = { info: { opfhw7v2OnxKpftO40g3: { autoPushEnabled: false } } }
    expect(
      shapeDiff(fixture, { info: { opfdevtesspush000001: { autoPushEnabled: true } } }),
    ).toEqual([])
    expect(shapeDiff(fixture, { info: { opfdevtesspush000001: { other: 1 } } })).toEqual([
      'missing info{id}.autoPushEnabled',
      'extra info{id}.other',
    ])
  })
})
