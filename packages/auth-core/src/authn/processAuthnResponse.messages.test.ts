import { describe, expect, it } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { rejection } from '../testSupport/rejection'
import { callAuthn } from './callAuthn'
import { processAuthnResponse } from './processAuthnResponse'

/** The developer-facing messages and details a failure report carries, one per way an answer fails. */
const ORG = 'https://login.example.com'
const config = testConfig({ oktaOrgUrl: ORG })

const answer = (body: string, status = 200, headers: HeadersInit = {}): Response =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })
const failure = (response: Response) => rejection(processAuthnResponse(config, response))

describe('processAuthnResponse: what a failure report says', () => {
  it.each([
    ['a 200 that is not JSON', answer('<html>'), 'The Authn answer is not JSON.'],
    ['a 200 JSON array', answer('[]'), 'The Authn answer is not a JSON transaction.'],
    [
      'an unknown status',
      answer('{"status":"PASSWORD_WARN_X"}'),
      'The Authn answer has an unsupported or incomplete status (PASSWORD_WARN_X).',
    ],
    [
      'no status at all',
      answer('{}'),
      'The Authn answer has an unsupported or incomplete status (none).',
    ],
    [
      'a status that is a list',
      answer('{"status":["LOCKED_OUT"]}'),
      'The Authn answer has an unsupported or incomplete status (none).',
    ],
    [
      'a next link to another origin',
      answer('{"status":"SUCCESS","_links":{"next":{"href":"https://evil.example/"}}}'),
      'The Authn answer links to another origin.',
    ],
    [
      'a 502 without an error body',
      answer('<html>', 502),
      'Okta answered 502 without an error body.',
    ],
    ['an Okta error', answer('{"errorCode":"E0000004"}', 401), 'Okta answered 401 E0000004.'],
  ])('on %s', async (_label, response, message) => {
    const error = await failure(response)
    expect(error.message).toBe(message)
  })

  it('on a list status: unknown_error, not the code of the status inside the list', async () => {
    const error = await failure(answer('{"status":["LOCKED_OUT"]}'))
    expect(error.code).toBe('unknown_error')
    expect(error.details).toStrictEqual({ status: 200 })
  })

  it('on a status the flow does not handle: names it', async () => {
    const error = await failure(answer('{"status":"PASSWORD_WARN","stateToken":"st"}'))
    expect(error.code).toBe('unknown_error')
    expect(error.message).toBe(
      'The Authn answer has an unsupported or incomplete status (PASSWORD_WARN).',
    )
  })

  it('on a replayed passcode: says so', async () => {
    const error = await failure(
      answer('{"status":"MFA_CHALLENGE","factorResult":"PASSCODE_REPLAYED"}'),
    )
    expect(error.code).toBe('passcode_replayed')
    expect(error.message).toBe('The passcode was already used.')
  })

  it('on a 299: a success like any 2xx', async () => {
    await expect(
      processAuthnResponse(config, answer('{"status":"SUCCESS","sessionToken":"s1"}', 299)),
    ).resolves.toMatchObject({ status: 'SUCCESS' })
  })

  it('on an error other than a rate limit: no rateLimitReset key in the details', async () => {
    const error = await failure(
      answer('{"errorCode":"E0000004"}', 401, { 'X-Rate-Limit-Reset': '1700000060' }),
    )
    expect(error.details).toStrictEqual({ providerCode: 'E0000004', status: 401 })
  })

  it('on a rate limit without the reset header: no rateLimitReset key in the details', async () => {
    const error = await failure(answer('{"errorCode":"E0000047"}', 429))
    expect(error.details).toStrictEqual({ providerCode: 'E0000047', status: 429 })
  })

  it('on an activation whose _links has no qrcode: takes the qrCode field', async () => {
    const tx = await processAuthnResponse(
      config,
      answer(
        JSON.stringify({
          status: 'MFA_ENROLL_ACTIVATE',
          stateToken: 'st',
          _embedded: { activation: { sharedSecret: 'S', _links: {}, qrCode: '/qr' } },
        }),
      ),
    )
    expect(tx).toMatchObject({ activation: { qrCodeUrl: `${ORG}/qr` } })
  })
})

describe('callAuthn: calls refused before any request', () => {
  it.each([
    [
      'a factor id that is not a safe id',
      { kind: 'verify', stateToken: 'st', factorId: '../x', passCode: '123456' },
      'The factor id is missing or not a safe id.',
    ],
    [
      'an empty state token',
      { kind: 'verify', stateToken: '', factorId: 'f1', passCode: '123456' },
      'The state token is missing.',
    ],
  ])('on %s: says why', async (_label, call, message) => {
    const fetch = async () => new Response('{}')
    const error = await rejection(
      callAuthn(config, call as Parameters<typeof callAuthn>[1], { fetch }),
    )
    expect(error.message).toBe(message)
  })
})
