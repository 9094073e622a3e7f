import { describe, expect, it, vi } from 'vitest'
import { envelopeUrl, sendWarningEnvelope } from './sendWarningEnvelope'

describe('envelopeUrl', () => {
  it.each([
    [
      'https://key@o1.ingest.sentry.io/42',
      'https://o1.ingest.sentry.io/api/42/envelope/?sentry_key=key&sentry_version=7',
    ],
    [
      'http://devpublickey@localhost:4013/1',
      'http://localhost:4013/api/1/envelope/?sentry_key=devpublickey&sentry_version=7',
    ],
    [
      'https://k@sentry.example.com/base/7',
      'https://sentry.example.com/base/api/7/envelope/?sentry_key=k&sentry_version=7',
    ],
  ])('%s → %s', (dsn, url) => {
    expect(envelopeUrl(dsn)).toBe(url)
  })

  it.each(['not a dsn', 'https://o1.ingest.sentry.io/1', 'https://key@o1.ingest.sentry.io/'])(
    'refuses %s',
    (dsn) => expect(envelopeUrl(dsn)).toBeNull(),
  )
})

describe('sendWarningEnvelope', () => {
  it('posts one envelope: header, item header, event with the warning', () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'))
    sendWarningEnvelope(
      'https://key@o1.ingest.sentry.io/1',
      { message: 'm', tags: { step: 's' }, extra: { a: 'b' } },
      { fetch, now: () => 1_700_000_000_000, eventId: () => 'e'.repeat(32) },
    )
    const lines = String(fetch.mock.calls[0]?.[1]?.body)
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    expect(lines).toEqual([
      { event_id: 'e'.repeat(32), sent_at: '2023-11-14T22:13:20.000Z' },
      { type: 'event' },
      {
        event_id: 'e'.repeat(32),
        timestamp: 1_700_000_000,
        platform: 'javascript',
        level: 'warning',
        message: 'm',
        tags: { step: 's' },
        extra: { a: 'b' },
      },
    ])
  })

  it('never throws: a failing or missing fetch loses the warning only', async () => {
    const rejecting = vi.fn<typeof globalThis.fetch>(async () => Promise.reject(new TypeError('x')))
    const warning = { message: 'm', tags: {}, extra: {} }
    expect(() => sendWarningEnvelope('https://k@h/1', warning, { fetch: rejecting })).not.toThrow()
    const throwing = vi.fn<typeof globalThis.fetch>(() => {
      throw new TypeError('no fetch')
    })
    expect(() => sendWarningEnvelope('https://k@h/1', warning, { fetch: throwing })).not.toThrow()
    expect(() => sendWarningEnvelope('bad', warning, { fetch: throwing })).not.toThrow()
    expect(throwing).toHaveBeenCalledTimes(1)
  })
})
