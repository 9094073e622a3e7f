import { describe, expect, it } from 'vitest'
import { useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()

const ENVELOPE = [
  JSON.stringify({
    event_id: '9ec79c33ec9942ab8353589fcb2e04dc',
    dsn: 'http://devpublickey@localhost:4013/1',
  }),
  JSON.stringify({ type: 'event' }),
  JSON.stringify({ message: 'Sign-in failed: ünïcode ok' }),
].join('\n')

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${tp.sentry}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers },
    body,
  })

describe('Sentry ingest', () => {
  it('on the DSN: the banner DSN points at this origin with the public key and project 1', () => {
    const dsn = new URL(tp.platform.config.sentryDsn)
    expect(dsn.username).toBe('devpublickey')
    expect(`${dsn.protocol}//${dsn.host}`).toBe(tp.sentry)
    expect(dsn.pathname).toBe('/1')
  })

  it('on an envelope as the browser SDK sends it: answers 200 {} and keeps the raw text', async () => {
    const response = await post(
      '/api/1/envelope/?sentry_key=devpublickey&sentry_version=7',
      ENVELOPE,
      {
        Origin: 'http://localhost:5173',
      },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const kept = (await (await fetch(`${tp.sentry}/__test/envelopes`)).json()) as {
      receivedAt: string
      body: string
    }[]
    expect(kept).toEqual([{ receivedAt: new Date(tp.clock.now()).toISOString(), body: ENVELOPE }])
  })

  it('on a preflight from any origin: allows it (as Sentry does)', async () => {
    const response = await fetch(`${tp.sentry}/api/1/envelope/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://anywhere.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe('content-type')
  })

  it('on DELETE /__test/envelopes (Sentry or Okta origin): clears them', async () => {
    await post('/api/1/envelope/', ENVELOPE)
    await post('/api/1/envelope', ENVELOPE)
    expect(((await (await fetch(`${tp.okta}/__test/envelopes`)).json()) as unknown[]).length).toBe(
      2,
    )
    expect((await fetch(`${tp.okta}/__test/envelopes`, { method: 'DELETE' })).status).toBe(204)
    expect(await (await fetch(`${tp.sentry}/__test/envelopes`)).json()).toEqual([])
  })

  it('on a wrong key, another project or an oversized envelope: refuses it and keeps nothing', async () => {
    expect((await post('/api/1/envelope/?sentry_key=wrong', ENVELOPE)).status).toBe(401)
    expect(
      (await post('/api/1/envelope/', ENVELOPE, { 'X-Sentry-Auth': 'Sentry sentry_key=wrong' }))
        .status,
    ).toBe(401)
    expect((await post('/api/2/envelope/', ENVELOPE)).status).toBe(404)
    expect((await post('/api/1/envelope/', 'x'.repeat(1024 * 1024 + 1))).status).toBe(413)
    expect(await (await fetch(`${tp.sentry}/__test/envelopes`)).json()).toEqual([])
  })
})
