import { describe, expect, it } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { rejection } from '../testSupport/rejection'
import { processAuthnResponse } from './processAuthnResponse'

/**
 * The patterns that decide what of an Okta answer is believed must match the whole value: a
 * pattern without its `^` or `$` accepts a good prefix or suffix followed or preceded by anything.
 */
const ORG = 'https://login.example.com'
const config = testConfig({ oktaOrgUrl: ORG })

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

async function qrCodeUrlOf(qrCode: string): Promise<string | null> {
  const tx = await processAuthnResponse(
    config,
    json({
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: 'st',
      _embedded: { activation: { sharedSecret: 'S', qrCode } },
    }),
  )
  if (tx.status !== 'MFA_ENROLL_ACTIVATE') throw new Error(tx.status)
  return tx.activation?.qrCodeUrl ?? null
}

describe('processAuthnResponse: patterns match whole values', () => {
  it.each([
    ['a data URL after a javascript: prefix', 'javascript:alert(1)//data:image/png;base64,iVBO'],
    ['a data URL followed by markup', 'data:image/png;base64,iVBO"><script>x</script>'],
    ['a data URL followed by a second URL', 'data:image/png;base64,iVBO https://evil.example/'],
  ])('refuses a QR link that is %s', async (_label, qrCode) => {
    expect(await qrCodeUrlOf(qrCode)).toBeNull()
  })

  it.each([
    ['a status with text after it', 'SUCCESS; DROP'],
    ['a status with text before it', 'x SUCCESS'],
  ])('on %s and a next link elsewhere: reports no provider code', async (_label, status) => {
    const error = await rejection(
      processAuthnResponse(
        config,
        json({ status, _links: { next: { href: 'https://evil.example/api/v1/authn' } } }),
      ),
    )
    expect(error.code).toBe('unknown_error')
    expect(error.details).toStrictEqual({ status: 200 })
  })

  it.each([
    ['an error code with text after it', 'E0000004 <b>'],
    ['an error code with text before it', '<b>E0000004'],
  ])('on %s: unknown_error without that code', async (_label, errorCode) => {
    const error = await rejection(processAuthnResponse(config, json({ errorCode }, 401)))
    expect(error.code).toBe('unknown_error')
    expect(error.details.providerCode).toBeUndefined()
  })
})
