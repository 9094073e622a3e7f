/**
 * The referee's own strictness: the browser page blocks what a browser blocks, so a CORS gap in
 * the stand-in shows up as the Okta SDK failing. A tiny server answers with whatever CORS headers
 * each test sets.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openBrowserPage } from './browserPage'

const ORIGIN = 'http://localhost:5173'
let server: Server
let base = ''
/** Headers of the next answers: for the preflight and for the actual request. */
let preflightHeaders: Record<string, string> = {}
let answerHeaders: Record<string, string | string[]> = {}
let preflightStatus = 204
const received: { method: string; headers: IncomingHttpHeaders }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push({ method: request.method ?? '', headers: request.headers })
    if (request.method === 'OPTIONS') response.writeHead(preflightStatus, preflightHeaders).end()
    else response.writeHead(200, { 'Content-Type': 'application/json', ...answerHeaders }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  received.length = 0
  preflightStatus = 204
  preflightHeaders = {
    'Access-Control-Allow-Origin': ORIGIN,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Accept',
  }
  answerHeaders = {
    'Access-Control-Allow-Origin': ORIGIN,
    'Access-Control-Allow-Credentials': 'true',
  }
})

const postJson = (
  credentials: 'include' | 'omit' = 'include',
  headers = {},
  page = openBrowserPage(ORIGIN),
) =>
  page.fetch(`${base}/api`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: '{}',
    credentials,
  })

async function blockedBecause(run: (page: ReturnType<typeof openBrowserPage>) => Promise<unknown>) {
  const page = openBrowserPage(ORIGIN)
  await expect(run(page)).rejects.toThrow(new TypeError('Failed to fetch'))
  return page.blocked
}

describe('the browser page (CORS as a browser runs it)', () => {
  it('a JSON POST: preflight with the lower-case sorted header names, then the POST with Origin', async () => {
    const response = await postJson('include', { 'X-Extra': '1' }).catch(() => null)
    expect(response).toBeNull() // X-Extra is not allowed by the preflight answer
    expect(received[0]?.headers['access-control-request-headers']).toBe('content-type,x-extra')
    preflightHeaders['Access-Control-Allow-Headers'] = 'Content-Type, Accept, X-Extra'
    received.length = 0
    expect((await postJson('include', { 'X-Extra': '1' })).status).toBe(200)
    expect(received.map((request) => request.method)).toEqual(['OPTIONS', 'POST'])
    expect(received[1]?.headers.origin).toBe(ORIGIN)
  })

  it('a "simple" request (form POST) needs no preflight', async () => {
    const page = openBrowserPage(ORIGIN)
    await page.fetch(`${base}/api`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'a=b',
    })
    expect(received.map((request) => request.method)).toEqual(['POST'])
  })

  it.each([
    ['a preflight that is not 2xx', () => void (preflightStatus = 403), 'preflight answered 403'],
    [
      'a preflight without Allow-Origin',
      () => delete preflightHeaders['Access-Control-Allow-Origin'],
      'preflight: no Access-Control-Allow-Origin',
    ],
    [
      'a preflight naming another origin',
      () => (preflightHeaders['Access-Control-Allow-Origin'] = 'http://localhost:4173'),
      'preflight: Access-Control-Allow-Origin http://localhost:4173 is not http://localhost:5173',
    ],
    [
      'a credentialed preflight without Allow-Credentials',
      () => delete preflightHeaders['Access-Control-Allow-Credentials'],
      'preflight: credentials included but no Access-Control-Allow-Credentials: true',
    ],
    [
      'a credentialed preflight answered with *',
      () => (preflightHeaders['Access-Control-Allow-Origin'] = '*'),
      'preflight: Access-Control-Allow-Origin * with credentials',
    ],
    [
      'an answer without Allow-Origin',
      () => delete answerHeaders['Access-Control-Allow-Origin'],
      'no Access-Control-Allow-Origin',
    ],
    [
      'a credentialed answer without Allow-Credentials',
      () => delete answerHeaders['Access-Control-Allow-Credentials'],
      'credentials included but no Access-Control-Allow-Credentials: true',
    ],
  ])('blocks %s', async (_, setUp, reason) => {
    setUp()
    expect(await blockedBecause((page) => postJson('include', {}, page))).toBe(reason)
  })

  it('blocks a method the preflight does not allow, and Authorization under a * allow-list', async () => {
    expect(await blockedBecause((page) => page.fetch(`${base}/api`, { method: 'DELETE' }))).toBe(
      'preflight: method DELETE not allowed',
    )
    preflightHeaders['Access-Control-Allow-Headers'] = '*'
    expect(
      await blockedBecause((page) =>
        page.fetch(`${base}/api`, { method: 'POST', headers: { Authorization: 'Basic eA==' } }),
      ),
    ).toBe('preflight: request header authorization not allowed')
  })

  it('shows the script only safelisted and exposed response headers', async () => {
    answerHeaders['X-Rate-Limit-Reset'] = '123'
    answerHeaders['X-Hidden'] = 'secret'
    answerHeaders['Access-Control-Expose-Headers'] = 'X-Rate-Limit-Reset'
    const response = await postJson()
    expect(response.headers.get('X-Rate-Limit-Reset')).toBe('123')
    expect(response.headers.get('X-Hidden')).toBeNull()
    expect(response.headers.get('Content-Type')).toBe('application/json')
  })

  it('keeps cookies only for credentialed requests, and sends them back to that host', async () => {
    answerHeaders['Set-Cookie'] = ['DT=abc; Path=/; HttpOnly', 'gone=1; Max-Age=0']
    const page = openBrowserPage(ORIGIN)
    const request = { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }
    await page.fetch(`${base}/api`, { ...request, credentials: 'omit' })
    expect(page.cookies('127.0.0.1')).toEqual({})
    await page.fetch(`${base}/api`, { ...request, credentials: 'include' })
    expect(page.cookies('127.0.0.1')).toEqual({ DT: 'abc' })
    await page.fetch(`${base}/api`, { ...request, credentials: 'omit' })
    await page.fetch(`${base}/api`, { ...request, credentials: 'include' })
    expect(received.map((r) => r.headers.cookie)).toEqual([
      undefined,
      undefined,
      undefined,
      'DT=abc',
    ])
  })
})
