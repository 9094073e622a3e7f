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

describe("Sentry's security endpoint (CSP reports)", () => {
  const CSP_REPORT = {
    'csp-report': {
      'document-uri': 'https://login.platform.test/',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'inline',
    },
  }
  const REPORTS = [
    {
      type: 'csp-violation',
      age: 10,
      url: 'https://login.platform.test/',
      body: { documentURL: 'https://login.platform.test/', effectiveDirective: 'script-src-elem' },
    },
  ]
  const reports = async () =>
    (await (await fetch(`${tp.sentry}/__test/security-reports`)).json()) as {
      receivedAt: string
      contentType: string
      body: unknown
    }[]

  it('keeps a report-uri report and a Reporting API batch, with their content types', async () => {
    const path = '/api/1/security/?sentry_key=devpublickey'
    const legacy = await post(path, JSON.stringify(CSP_REPORT), {
      'Content-Type': 'application/csp-report',
    })
    expect(legacy.status).toBe(200)
    const modern = await post(path, JSON.stringify(REPORTS), {
      'Content-Type': 'application/reports+json',
      Origin: 'https://login.platform.test',
    })
    expect(modern.status).toBe(200)
    expect(modern.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const receivedAt = new Date(tp.clock.now()).toISOString()
    expect(await reports()).toEqual([
      { receivedAt, contentType: 'application/csp-report', body: CSP_REPORT },
      { receivedAt, contentType: 'application/reports+json', body: REPORTS },
    ])
  })

  it('refuses a report without the public key, with another key, for another project, or not JSON', async () => {
    const body = JSON.stringify(CSP_REPORT)
    const type = { 'Content-Type': 'application/csp-report' }
    expect((await post('/api/1/security/', body, type)).status).toBe(401)
    expect((await post('/api/1/security/?sentry_key=otherkey', body, type)).status).toBe(401)
    expect((await post('/api/2/security/?sentry_key=devpublickey', body, type)).status).toBe(404)
    expect((await post('/api/1/security/?sentry_key=devpublickey', '<html>', type)).status).toBe(
      400,
    )
    expect((await post('/api/1/security/?sentry_key=devpublickey', '"text"', type)).status).toBe(
      400,
    )
    expect(await reports()).toEqual([])
  })
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
