import { describe, expect, it } from 'vitest'
import type { AuthError } from '../errors/authError'
import type { AuthErrorCode } from '../errors/authError'
import { testConfig } from '../testSupport/testConfig'
import { processAuthnResponse } from './processAuthnResponse'
import { rejection as rejectionOf } from '../testSupport/rejection'

const ORG = 'https://login.example.com'
const config = testConfig({ oktaOrgUrl: ORG })

function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

const rejection = (response: Response): Promise<AuthError> =>
  rejectionOf(processAuthnResponse(config, response))

const activate = (embedded: unknown, extra: Record<string, unknown> = {}): Response =>
  json({ status: 'MFA_ENROLL_ACTIVATE', stateToken: 'st', _embedded: embedded, ...extra })

const activationOf = async (activation: unknown) => {
  const tx = await processAuthnResponse(config, activate({ activation }))
  if (tx.status !== 'MFA_ENROLL_ACTIVATE') throw new Error(tx.status)
  return tx.activation
}

describe('processAuthnResponse', () => {
  describe('error answers (non-2xx)', () => {
    it.each([
      ['E0000004', 401, 'invalid_credentials'],
      ['E0000011', 401, 'session_expired'],
      ['E0000068', 403, 'mfa_verification_failed'],
      ['E0000006', 403, 'invalid_verification_code'],
      ['E0000047', 429, 'rate_limited'],
      ['E0000069', 403, 'account_locked'],
      ['E0000079', 403, 'unknown_error'],
      ['E0000001', 400, 'unknown_error'],
      ['E0000009', 500, 'unknown_error'],
      ['E9999999', 400, 'unknown_error'],
    ] as const)(
      'on a %s (%i): throws %s with providerCode and status',
      async (errorCode, status, code) => {
        const error = await rejection(json({ errorCode, errorSummary: 'x' }, status))
        expect(error.code).toBe(code)
        expect(error.details).toEqual({ providerCode: errorCode, status })
      },
    )

    it.each([
      'Each code can only be used once. Please wait for a new code and try again.',
      'This passcode has already been used.',
      'Passcode ALREADY USED',
    ])('on an E0000068 whose cause says %j: throws passcode_replayed', async (errorSummary) => {
      const body = {
        errorCode: 'E0000068',
        errorCauses: [{ errorSummary: 'other' }, { errorSummary }],
      }
      const error = await rejection(json(body, 403))
      expect(error.code).toBe('passcode_replayed')
      expect(error.details).toEqual({ providerCode: 'E0000068', status: 403 })
    })

    it.each([
      ['a non-array errorCauses', { errorCauses: null }],
      ['malformed cause entries', { errorCauses: [null, 'used once', { errorSummary: 42 }] }],
      ['a replay text in errorSummary only', { errorSummary: 'already used' }],
    ])('on an E0000068 with %s: throws mfa_verification_failed', async (_label, extra) => {
      expect((await rejection(json({ errorCode: 'E0000068', ...extra }, 403))).code).toBe(
        'mfa_verification_failed',
      )
    })

    it('on an E0000069 whose cause mentions "already used": does not become passcode_replayed', async () => {
      const body = { errorCode: 'E0000069', errorCauses: [{ errorSummary: 'already used' }] }
      expect((await rejection(json(body, 403))).code).toBe('account_locked')
    })

    it.each([
      ['1700000060', 1_700_000_060],
      [' 1700000060 ', 1_700_000_060],
      ['0', undefined],
      ['-5', undefined],
      ['1.5', undefined],
      ['soon', undefined],
      ['999999999999', undefined],
      [null, undefined],
    ])('on E0000047 with X-Rate-Limit-Reset %j: rateLimitReset is %s', async (header, expected) => {
      const headers: HeadersInit = header === null ? {} : { 'X-Rate-Limit-Reset': header }
      const error = await rejection(json({ errorCode: 'E0000047' }, 429, headers))
      expect(error.code).toBe('rate_limited')
      expect(error.details.rateLimitReset).toBe(expected)
    })

    it('on another error with X-Rate-Limit-Reset: does not report a reset time', async () => {
      const error = await rejection(
        json({ errorCode: 'E0000004' }, 401, { 'X-Rate-Limit-Reset': '1700000060' }),
      )
      expect(error.details.rateLimitReset).toBeUndefined()
    })

    it.each([
      [
        'an HTML page',
        new Response('<html>Bad Gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
      ],
      ['an empty body', new Response(null, { status: 500 })],
      ['JSON without errorCode', json({ error: 'invalid_grant' }, 400)],
      ['an errorCode that is not code-shaped', json({ errorCode: 'E0000004 <script>' }, 401)],
      ['an array', json([{ errorCode: 'E0000004' }], 401)],
      ['a 3xx without a body', new Response(null, { status: 304 })],
    ])(
      'on %s: throws unknown_error with the status and no providerCode',
      async (_label, response) => {
        const error = await rejection(response)
        expect(error.code).toBe('unknown_error')
        expect(error.details).toEqual({ status: response.status })
      },
    )
  })

  describe('2xx bodies that are not transactions', () => {
    it.each([
      [
        'an HTML page with status 200',
        new Response('<!doctype html><p>Sign in</p>', { headers: { 'content-type': 'text/html' } }),
      ],
      ['an empty body', new Response('')],
      ['truncated JSON', new Response('{"status":"SUCC')],
      ['a JSON array', json([{ status: 'SUCCESS', sessionToken: 'x' }])],
      ['a JSON string', json('SUCCESS')],
      ['JSON null', json(null)],
      ['an empty object', json({})],
    ])('on %s: throws unknown_error', async (_label, response) => {
      const error = await rejection(response)
      expect(error.code).toBe('unknown_error')
      expect(error.details.status).toBe(200)
    })

    it('on valid JSON with a text/plain or missing content-type: accepts it', async () => {
      const body = JSON.stringify({ status: 'SUCCESS', sessionToken: 's1' })
      await expect(
        processAuthnResponse(
          config,
          new Response(body, { headers: { 'content-type': 'text/plain' } }),
        ),
      ).resolves.toEqual({
        status: 'SUCCESS',
        sessionToken: 's1',
      })
      const bare = new Response(new Blob([body]))
      expect(bare.headers.get('content-type')).toBeNull()
      await expect(processAuthnResponse(config, bare)).resolves.toEqual({
        status: 'SUCCESS',
        sessionToken: 's1',
      })
    })

    it('on a 201/204-style 2xx: processes the body like 200', async () => {
      await expect(
        processAuthnResponse(config, json({ status: 'SUCCESS', sessionToken: 's1' }, 201)),
      ).resolves.toEqual({
        status: 'SUCCESS',
        sessionToken: 's1',
      })
    })
  })

  describe('account statuses', () => {
    it('on LOCKED_OUT: says whether the unlock link is published (self-service unlock)', async () => {
      const unlock = { name: 'unlock', href: `${ORG}/api/v1/authn/recovery/unlock` }
      await expect(
        processAuthnResponse(config, json({ status: 'LOCKED_OUT', _links: { next: unlock } })),
      ).resolves.toStrictEqual({ status: 'LOCKED_OUT', canUnlock: true })
      await expect(
        processAuthnResponse(config, json({ status: 'LOCKED_OUT', _embedded: {} })),
      ).resolves.toStrictEqual({ status: 'LOCKED_OUT', canUnlock: false })
    })

    it('on LOCKED_OUT whose unlock link points elsewhere: refuses it like any off-origin link', async () => {
      const error = await rejection(
        json({
          status: 'LOCKED_OUT',
          _links: {
            next: { name: 'unlock', href: 'https://evil.example/api/v1/authn/recovery/unlock' },
          },
        }),
      )
      expect(error.code).toBe('unknown_error')
    })

    it('on RECOVERY_CHALLENGE (unlock by email): resolves without a state token', async () => {
      await expect(
        processAuthnResponse(
          config,
          json({
            status: 'RECOVERY_CHALLENGE',
            factorResult: 'WAITING',
            factorType: 'EMAIL',
            recoveryType: 'UNLOCK',
          }),
        ),
      ).resolves.toStrictEqual({ status: 'RECOVERY_CHALLENGE', recoveryType: 'UNLOCK' })
    })

    it('on PASSWORD_EXPIRED: keeps the rules, reads excludeUsername "true" as true, drops odd values', async () => {
      const tx = await processAuthnResponse(
        config,
        json({
          status: 'PASSWORD_EXPIRED',
          stateToken: 'st',
          _embedded: {
            user: { profile: { login: 'dade@example.com', firstName: 'Dade' } },
            policy: {
              complexity: {
                minLength: 8,
                minLowerCase: -1,
                minUpperCase: '1',
                minNumber: 1,
                excludeUsername: 'true',
                excludeAttributes: ['firstName', 'nickName', 7],
              },
            },
          },
        }),
      )
      expect(tx).toStrictEqual({
        status: 'PASSWORD_EXPIRED',
        stateToken: 'st',
        expiresAt: null,
        complexity: {
          minLength: 8,
          minLowerCase: 0,
          minUpperCase: 0,
          minNumber: 1,
          minSymbol: 0,
          excludeUsername: true,
          excludeAttributes: ['firstName'],
        },
        user: { login: 'dade@example.com', firstName: 'Dade', lastName: null },
      })
    })

    it('on PASSWORD_EXPIRED without a policy: null rules (Okta alone judges); without a state token: unknown_error', async () => {
      const tx = await processAuthnResponse(
        config,
        json({ status: 'PASSWORD_EXPIRED', stateToken: 'st', _embedded: {} }),
      )
      expect(tx).toMatchObject({ complexity: null, user: null })
      expect((await rejection(json({ status: 'PASSWORD_EXPIRED' }))).code).toBe('unknown_error')
    })

    it('on MFA_REQUIRED: offers remembering the device only on allowRememberDevice: true', async () => {
      const totp = { id: 'f1', factorType: 'token:software:totp', provider: 'OKTA' }
      const withPolicy = (policy: unknown) =>
        processAuthnResponse(
          config,
          json({
            status: 'MFA_REQUIRED',
            stateToken: 'st',
            _embedded: { factors: [totp], policy },
          }),
        )
      await expect(
        withPolicy({
          allowRememberDevice: true,
          rememberDeviceLifetimeInMinutes: 10080,
          rememberDeviceByDefault: true,
        }),
      ).resolves.toMatchObject({ rememberDevice: { lifetimeMinutes: 10080, byDefault: true } })
      await expect(withPolicy({ allowRememberDevice: true })).resolves.toMatchObject({
        rememberDevice: { lifetimeMinutes: 0, byDefault: false },
      })
      await expect(
        withPolicy({ allowRememberDevice: false, rememberDeviceLifetimeInMinutes: 5 }),
      ).resolves.toMatchObject({ rememberDevice: null })
      await expect(withPolicy({ allowRememberDevice: 'yes' })).resolves.toMatchObject({
        rememberDevice: null,
      })
    })
  })

  describe('statuses', () => {
    it.each([
      ['PASSWORD_WARN', 'unknown_error'],
      ['UNAUTHENTICATED', 'unknown_error'],
      ['MFA_CHALLENGE', 'unknown_error'],
      ['RECOVERY', 'unknown_error'],
      ['PASSWORD_RESET', 'unknown_error'],
      ['WHATEVER', 'unknown_error'],
    ] as const)(
      'on status %s: throws %s with the status as providerCode',
      async (status, code: AuthErrorCode) => {
        const error = await rejection(json({ status, stateToken: 'st', factorResult: 'WAITING' }))
        expect(error.code).toBe(code)
        expect(error.details).toEqual({ providerCode: status, status: 200 })
      },
    )

    it.each([
      ['a lowercase status', 'success'],
      ['a numeric status', 1],
      ['a missing status', undefined],
    ])('on %s: throws unknown_error without providerCode', async (_label, status) => {
      const error = await rejection(json({ status, sessionToken: 'x' }))
      expect(error.code).toBe('unknown_error')
      expect(error.details).toEqual({ status: 200 })
    })

    it.each(['MFA_CHALLENGE', 'SUCCESS', 'MFA_REQUIRED', undefined])(
      'on factorResult PASSCODE_REPLAYED with status %s: throws passcode_replayed',
      async (status) => {
        const error = await rejection(
          json({ status, stateToken: 'st', sessionToken: 'x', factorResult: 'PASSCODE_REPLAYED' }),
        )
        expect(error.code).toBe('passcode_replayed')
        expect(error.details).toEqual({ providerCode: 'PASSCODE_REPLAYED', status: 200 })
      },
    )
  })

  describe('_links.next', () => {
    const success = (links: unknown) =>
      json({ status: 'SUCCESS', sessionToken: 's1', _links: links })

    it.each([
      ['an absolute link on the org', { next: { href: `${ORG}/api/v1/authn/factors/f1/verify` } }],
      ['a relative link', { next: { href: '/api/v1/authn' } }],
      [
        'the org with its default port',
        { next: { href: 'https://login.example.com:443/api/v1/authn' } },
      ],
      ['no next link', { cancel: { href: 'https://elsewhere.example/cancel' } }],
      ['a next link without href', { next: { name: 'activate' } }],
    ])('on %s: accepts the answer', async (_label, links) => {
      await expect(processAuthnResponse(config, success(links))).resolves.toEqual({
        status: 'SUCCESS',
        sessionToken: 's1',
      })
    })

    it.each([
      ['another origin', 'https://evil.example/api/v1/authn'],
      ['a subdomain of the org', 'https://x.login.example.com/api/v1/authn'],
      ['http on an https org', 'http://login.example.com/api/v1/authn'],
      ['another port', 'https://login.example.com:8443/api/v1/authn'],
      ['a protocol-relative link elsewhere', '//evil.example/x'],
      ['a backslash trick', '/\\evil.example/x'],
      ['javascript:', 'javascript:alert(1)'],
      ['an unparseable URL', 'https://[bad'],
    ])('on a next link to %s: throws unknown_error', async (_label, href) => {
      const error = await rejection(success({ next: { href } }))
      expect(error.code).toBe('unknown_error')
      expect(error.details).toEqual({ providerCode: 'SUCCESS', status: 200 })
    })

    it.each([
      ['_links a string', 'x'],
      ['_links null', null],
      ['next a string', { next: 'https://login.example.com' }],
      ['href a number', { next: { href: 5 } }],
    ])('on malformed links (%s): throws unknown_error', async (_label, links) => {
      expect((await rejection(success(links))).code).toBe('unknown_error')
    })
  })

  describe('SUCCESS', () => {
    it('returns only status and sessionToken', async () => {
      const tx = await processAuthnResponse(
        config,
        json({ status: 'SUCCESS', sessionToken: 's1', expiresAt: 'x', _embedded: { user: {} } }),
      )
      expect(tx).toStrictEqual({ status: 'SUCCESS', sessionToken: 's1' })
    })

    it.each([
      ['missing', {}],
      ['empty', { sessionToken: '' }],
      ['a number', { sessionToken: 42 }],
    ])(
      'on a sessionToken %s: throws unknown_error with providerCode SUCCESS',
      async (_label, extra) => {
        const error = await rejection(json({ status: 'SUCCESS', ...extra }))
        expect(error.code).toBe('unknown_error')
        expect(error.details).toEqual({ providerCode: 'SUCCESS', status: 200 })
      },
    )
  })

  describe('MFA_REQUIRED and MFA_ENROLL', () => {
    const totp = { id: 'f1', factorType: 'token:software:totp', provider: 'OKTA' }

    it('keeps well-formed factors, drops malformed ones, and keeps a string status', async () => {
      const factors = [
        totp,
        { ...totp, id: 'f2', status: 'ACTIVE', profile: { x: 1 } },
        { ...totp, id: 'f3', status: 7 },
        { ...totp, id: '../../users/me' },
        { ...totp, id: 'x'.repeat(65) },
        { ...totp, id: undefined },
        { ...totp, factorType: undefined },
        { ...totp, provider: 5 },
        null,
        'f9',
        [totp],
      ]
      const tx = await processAuthnResponse(
        config,
        json({
          status: 'MFA_REQUIRED',
          stateToken: 'st',
          expiresAt: '2030-01-01T00:00:00.000Z',
          _embedded: { factors },
        }),
      )
      expect(tx).toStrictEqual({
        status: 'MFA_REQUIRED',
        stateToken: 'st',
        expiresAt: '2030-01-01T00:00:00.000Z',
        factors: [totp, { ...totp, id: 'f2', status: 'ACTIVE' }, { ...totp, id: 'f3' }],
        rememberDevice: null,
      })
    })

    it('in MFA_ENROLL: keeps factors without an id, drops those with an unsafe id', async () => {
      const factors = [
        { factorType: 'token:software:totp', provider: 'GOOGLE', status: 'NOT_SETUP' },
        { id: 'f1', factorType: 'token:software:totp', provider: 'OKTA', status: 'NOT_SETUP' },
        { id: 'a/b', factorType: 'token:software:totp', provider: 'OKTA', status: 'NOT_SETUP' },
        { factorType: 'sms' },
      ]
      const tx = await processAuthnResponse(
        config,
        json({ status: 'MFA_ENROLL', stateToken: 'st', _embedded: { factors } }),
      )
      expect(tx).toStrictEqual({
        status: 'MFA_ENROLL',
        stateToken: 'st',
        expiresAt: null,
        factors: [
          { factorType: 'token:software:totp', provider: 'GOOGLE', status: 'NOT_SETUP' },
          { id: 'f1', factorType: 'token:software:totp', provider: 'OKTA', status: 'NOT_SETUP' },
        ],
      })
    })

    it.each([
      ['expiresAt a number', { expiresAt: 5 }, null],
      ['expiresAt null', { expiresAt: null }, null],
      ['expiresAt missing', {}, null],
    ])('on %s: expiresAt is %s', async (_label, extra, expiresAt) => {
      const tx = await processAuthnResponse(
        config,
        json({ status: 'MFA_REQUIRED', stateToken: 'st', _embedded: { factors: [] }, ...extra }),
      )
      expect(tx).toMatchObject({ expiresAt })
    })

    it.each([
      ['no stateToken', { _embedded: { factors: [] } }],
      ['an empty stateToken', { stateToken: '', _embedded: { factors: [] } }],
      ['no _embedded', { stateToken: 'st' }],
      ['factors not an array', { stateToken: 'st', _embedded: { factors: { 0: {} } } }],
      ['the docs-style singular factor key', { stateToken: 'st', _embedded: { factor: [] } }],
    ])('on %s: throws unknown_error with the status as providerCode', async (_label, extra) => {
      for (const status of ['MFA_REQUIRED', 'MFA_ENROLL']) {
        const error = await rejection(json({ status, ...extra }))
        expect(error.code).toBe('unknown_error')
        expect(error.details.providerCode).toBe(status)
      }
    })
  })

  describe('MFA_ENROLL_ACTIVATE', () => {
    const factor = { id: 'f1', factorType: 'token:software:totp', provider: 'GOOGLE' }

    it('reads the activation nested in the factor', async () => {
      const activation = {
        sharedSecret: 'ABC',
        timeStep: 30,
        keyLength: 6,
        encoding: 'base32',
        _links: { qrcode: { href: `${ORG}/qr/1` } },
      }
      const tx = await processAuthnResponse(
        config,
        activate({ factor: { ...factor, _embedded: { activation } } }, { expiresAt: 'e' }),
      )
      expect(tx).toStrictEqual({
        status: 'MFA_ENROLL_ACTIVATE',
        stateToken: 'st',
        expiresAt: 'e',
        factor,
        activation: {
          sharedSecret: 'ABC',
          qrCodeUrl: `${ORG}/qr/1`,
          timeStep: 30,
          keyLength: 6,
          encoding: 'base32',
        },
        factorResult: null,
      })
    })

    it('reads an activation placed directly in _embedded, even when the factor is malformed', async () => {
      const tx = await processAuthnResponse(
        config,
        activate({ factor: { id: 'bad id' }, activation: { sharedSecret: 'S' } }),
      )
      expect(tx).toMatchObject({ factor: null, activation: { sharedSecret: 'S', qrCodeUrl: null } })
    })

    it.each([
      ['no _embedded', factor],
      ['an _embedded without activation', { ...factor, _embedded: {} }],
    ])(
      'on a valid factor with %s: falls back to _embedded.activation',
      async (_label, validFactor) => {
        const tx = await processAuthnResponse(
          config,
          activate({ factor: validFactor, activation: { sharedSecret: 'TOP' } }),
        )
        expect(tx).toMatchObject({ factor, activation: { sharedSecret: 'TOP' } })
      },
    )

    it('prefers the factor-nested activation over the _embedded one', async () => {
      const nested = { ...factor, _embedded: { activation: { sharedSecret: 'NESTED' } } }
      const tx = await processAuthnResponse(
        config,
        activate({ factor: nested, activation: { sharedSecret: 'TOP' } }),
      )
      expect(tx).toMatchObject({ activation: { sharedSecret: 'NESTED' } })
    })

    it.each([
      ['no _embedded', undefined],
      ['an _embedded that is not an object', 'x'],
      ['an empty _embedded', {}],
    ])('on %s: factor and activation are null', async (_label, embedded) => {
      expect(await processAuthnResponse(config, activate(embedded))).toMatchObject({
        factor: null,
        activation: null,
      })
    })

    it.each([
      ['an array', [{ sharedSecret: 'S' }]],
      ['a string', 'S'],
    ])('on an activation that is %s: activation is null', async (_label, activation) => {
      expect(await activationOf(activation)).toBeNull()
    })

    it('drops malformed optional activation fields instead of failing', async () => {
      expect(
        await activationOf({
          sharedSecret: 5,
          timeStep: '30',
          keyLength: Number.NaN,
          encoding: 1,
          _links: 'x',
          qrcode: 4,
          qrCode: {},
        }),
      ).toStrictEqual({
        sharedSecret: null,
        qrCodeUrl: null,
      })
    })

    it.each([
      ['activation._links.qrcode.href', { _links: { qrcode: { href: `${ORG}/a` } } }, `${ORG}/a`],
      ['activation.qrcode.href', { qrcode: { href: `${ORG}/b` } }, `${ORG}/b`],
      ['activation.qrcode as a string', { qrcode: `${ORG}/c` }, `${ORG}/c`],
      ['activation.qrCode as a string', { qrCode: '/d' }, `${ORG}/d`],
      [
        'a png data URL',
        { qrCode: 'data:image/png;base64,iVBORw0KGgo=' },
        'data:image/png;base64,iVBORw0KGgo=',
      ],
      [
        'a gif data URL',
        { qrCode: 'data:image/gif;base64,R0lGOD==' },
        'data:image/gif;base64,R0lGOD==',
      ],
      [
        'a jpeg data URL',
        { qrCode: 'data:image/jpeg;base64,/9j/4A' },
        'data:image/jpeg;base64,/9j/4A',
      ],
      [
        'the links form before the others',
        { _links: { qrcode: { href: '/first' } }, qrCode: '/second' },
        `${ORG}/first`,
      ],
    ])('finds the QR link in %s', async (_label, activation, expected) => {
      expect(await activationOf(activation)).toMatchObject({ qrCodeUrl: expected })
    })

    it.each([
      ['another origin', 'https://qr.example.net/qr.png'],
      [
        'a third-party QR service',
        'https://api.qrserver.com/v1/create-qr-code/?data=otpauth://totp/x?secret=ABC',
      ],
      ['javascript:', 'javascript:alert(1)'],
      ['an SVG data URL', 'data:image/svg+xml;base64,PHN2Zz4='],
      ['an HTML data URL', 'data:text/html;base64,PHNjcmlwdD4='],
      ['a non-base64 data URL', 'data:image/png,rawbytes'],
      ['a protocol-relative URL', '//evil.example/qr.png'],
    ])('refuses a QR link to %s (qrCodeUrl null)', async (_label, href) => {
      expect(await activationOf({ sharedSecret: 'S', _links: { qrcode: { href } } })).toStrictEqual(
        { sharedSecret: 'S', qrCodeUrl: null },
      )
    })

    it('takes factorResult from the top level, else from the activation', async () => {
      expect(
        await processAuthnResponse(config, activate({ activation: { factorResult: 'WAITING' } })),
      ).toMatchObject({ factorResult: 'WAITING' })
      expect(
        await processAuthnResponse(
          config,
          activate({ activation: { factorResult: 'WAITING' } }, { factorResult: 'TIMEOUT' }),
        ),
      ).toMatchObject({
        factorResult: 'TIMEOUT',
      })
    })

    it('on no stateToken: throws unknown_error with providerCode MFA_ENROLL_ACTIVATE', async () => {
      const error = await rejection(json({ status: 'MFA_ENROLL_ACTIVATE', _embedded: {} }))
      expect(error.details).toEqual({ providerCode: 'MFA_ENROLL_ACTIVATE', status: 200 })
    })
  })

  describe('prototype pollution', () => {
    it('on __proto__ keys at every level: pollutes nothing and returns only known keys', async () => {
      const body =
        '{"__proto__":{"polluted":1},"status":"MFA_ENROLL_ACTIVATE","stateToken":"st","constructor":{"prototype":{"polluted":2}},' +
        '"_embedded":{"__proto__":{"polluted":3},"factor":{"__proto__":{"isAdmin":true},"id":"f1","factorType":"t","provider":"p",' +
        '"_embedded":{"activation":{"__proto__":{"polluted":4},"sharedSecret":"S"}}}}}'
      const tx = await processAuthnResponse(config, new Response(body))
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect(Object.keys(tx).sort()).toEqual([
        'activation',
        'expiresAt',
        'factor',
        'factorResult',
        'stateToken',
        'status',
      ])
      if (tx.status !== 'MFA_ENROLL_ACTIVATE') throw new Error(tx.status)
      expect(Object.getPrototypeOf(tx.factor)).toBe(Object.prototype)
      expect((tx.factor as unknown as Record<string, unknown>).isAdmin).toBeUndefined()
      expect(Object.keys(tx.factor ?? {})).toEqual(['id', 'factorType', 'provider'])
      expect(tx.activation).toStrictEqual({ sharedSecret: 'S', qrCodeUrl: null })
    })

    it('on a __proto__ factor entry in MFA_REQUIRED: keeps only the listed keys', async () => {
      const body =
        '{"status":"MFA_REQUIRED","stateToken":"st","_embedded":{"factors":[{"__proto__":{"id":"inherited"},"factorType":"t","provider":"p"}]}}'
      const tx = await processAuthnResponse(config, new Response(body))
      expect(tx).toMatchObject({ factors: [] })
    })
  })

  it('on a body that fails mid-read with a timeout: throws timeout', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.error(new DOMException('signal timed out', 'TimeoutError'))
      },
    })
    expect((await rejection(new Response(stream))).code).toBe('timeout')
  })
})
