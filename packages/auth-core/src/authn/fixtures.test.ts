import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { AuthConfig } from '../config/authConfig'
import type { AuthErrorCode } from '../errors/authError'
import { testConfig } from '../testSupport/testConfig'
import type { AuthnTransaction } from './authn.types'
import { processAuthnResponse } from './processAuthnResponse'
import { rejection } from '../testSupport/rejection'
import { SHARED_FIXTURES as FIXTURES } from '../testSupport/sharedFixtures'

const YOUR_DOMAIN = 'https://your-domain.okta.com'
const FOO = 'https://foo.com'
const QR_GOOGLE = `${YOUR_DOMAIN}/api/v1/users/00ub0oNGTSWTBKOLGLNR/factors/uftm3iHSGFQXHCUSDAND/qr/00Mb0zqhJQohwCDkB2wOifajAsAosEAXvDwuCmsAZs`
const QR_OKTA = `${YOUR_DOMAIN}/api/v1/users/00uoy3CXZHSMMJPHYXXP/factors/ostf2xjtDKWFPZIKYDZV/qr/00Mb0zqhJQohwCDkB2wOifajAsAosEAXvDwuCmsAZs`

/** The fields a caller relies on, flattened so one table row can state them. */
interface Summary {
  status: AuthnTransaction['status']
  sessionToken?: string
  stateToken?: string
  factors?: string[]
  factor?: string | null
  sharedSecret?: string | null
  qrCodeUrl?: string | null
  factorResult?: string | null
  rememberDevice?: string | null
  complexity?: string | null
  user?: string | null
  canUnlock?: boolean
  recoveryType?: string | null
}

type Row =
  | { org: string; localMode?: boolean; result: Summary }
  | { org: string; error: AuthErrorCode; providerCode?: string }
  /** Token-endpoint bodies are the OAuth helper's; here they only must not pass as Authn bodies. */
  | { notAuthn: true }

function summarize(tx: AuthnTransaction): Summary | undefined {
  switch (tx.status) {
    case 'SUCCESS':
      return { status: tx.status, sessionToken: tx.sessionToken }
    case 'MFA_REQUIRED':
      return {
        status: tx.status,
        stateToken: tx.stateToken,
        factors: tx.factors.map((f) => `${f.id} ${f.provider} ${f.factorType}`),
        rememberDevice:
          tx.rememberDevice &&
          `${tx.rememberDevice.lifetimeMinutes} min, default ${tx.rememberDevice.byDefault}`,
      }
    case 'PASSWORD_EXPIRED':
      return {
        status: tx.status,
        stateToken: tx.stateToken,
        complexity: tx.complexity && JSON.stringify(tx.complexity),
        user: tx.user && `${tx.user.login} ${tx.user.firstName} ${tx.user.lastName}`,
      }
    case 'LOCKED_OUT':
      return { status: tx.status, canUnlock: tx.canUnlock }
    case 'RECOVERY_CHALLENGE':
      return { status: tx.status, recoveryType: tx.recoveryType }
    case 'MFA_ENROLL':
      return {
        status: tx.status,
        stateToken: tx.stateToken,
        factors: tx.factors.map(
          (f) => `${f.id ?? '-'} ${f.provider} ${f.factorType} ${f.status ?? '-'}`,
        ),
      }
    case 'MFA_ENROLL_ACTIVATE':
      return {
        status: tx.status,
        stateToken: tx.stateToken,
        factor: tx.factor && `${tx.factor.id} ${tx.factor.provider} ${tx.factor.factorType}`,
        sharedSecret: tx.activation?.sharedSecret ?? null,
        qrCodeUrl: tx.activation?.qrCodeUrl ?? null,
        factorResult: tx.factorResult,
      }
  }
}

const ROWS: Record<string, Row> = {
  'authn-SUCCESS-primary-auth.200.json': {
    org: YOUR_DOMAIN,
    result: { status: 'SUCCESS', sessionToken: 'THE_SESSION_TOKEN' },
  },
  'authn-SUCCESS-primary-auth-authjs.200.json': {
    org: YOUR_DOMAIN,
    result: { status: 'SUCCESS', sessionToken: '00p8RhRDCh_8NxIin-wtF5M6ofFtRhfKWGBAbd2WmE' },
  },
  // Only a `cancel` link (on localhost:3000): links other than `next` are never followed, so not checked.
  'authn-SUCCESS-after-factor-activation.200.json': {
    org: YOUR_DOMAIN,
    result: { status: 'SUCCESS', sessionToken: 'xxxxx' },
  },
  'authn-MFA_REQUIRED-okta-totp-only.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_REQUIRED',
      stateToken: 'testStateToken',
      factors: ['osthw62MEvG6YFuHe0g3 OKTA token:software:totp'],
      // allowRememberDevice with a lifetime of 0: remember until forgotten.
      rememberDevice: '0 min, default false',
    },
  },
  'authn-MFA_REQUIRED-okta-push-and-okta-totp.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_REQUIRED',
      stateToken: 'testStateToken',
      factors: ['opfhw7v2OnxKpftO40g3 OKTA push', 'osthw62MEvG6YFuHe0g3 OKTA token:software:totp'],
      rememberDevice: '0 min, default false',
    },
  },
  'authn-MFA_REQUIRED-google-totp-okta-totp-question-push-sms.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_REQUIRED',
      stateToken: '004KscPNUS2LswGp26qiu4Hetqt_zcgz-PcQhPseVP',
      factors: [
        'ufsigasO4dVUPM5O40g3 OKTA question',
        'uftigiEmYTPOmvqTS0g3 GOOGLE token:software:totp',
        'ostigevBq2NObXmTh0g3 OKTA token:software:totp',
        'opfhw7v2OnxKpftO40g3 OKTA push',
        'smsigwDlH85L9FyQK0g3 OKTA sms',
      ],
      // No policy at all: nothing to remember.
      rememberDevice: null,
    },
  },
  'authn-MFA_REQUIRED-all-factor-types.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_REQUIRED',
      stateToken: 'testStateToken',
      factors: [
        'ufshpdkgNun3xNE3W0g3 OKTA question',
        'ufthp18Zup4EGLtrd0g3 GOOGLE token:software:totp',
        'ufthp18Zup4EGLtrd0g2 CUSTOM token:hotp',
        'osthw62MEvG6YFuHe0g3 OKTA token:software:totp',
        'smshp9NXcoXu8z2wN0g3 OKTA sms',
        'clfk6mRsVLrhHznVe0g3 OKTA call',
        'emailhp9NXcoXu8z2wN0g3 OKTA email',
        'passwordhp9NXcoX OKTA password',
        'opfhw7v2OnxKpftO40g3 OKTA push',
        'rsa1baroNBtPLgGPn0g4 RSA token',
        'ufv1bbnZ2rY2jBYvB0g4 SYMANTEC token',
        'ykf2l0aUIe5VBplDj0g4 YUBICO token:hardware',
        'ost947vv5GOSPjt9C0g4 DUO web',
        'webauthnFactorId FIDO webauthn',
        'u2fFactorId FIDO u2f',
        'customSAMLFactorId GENERIC_SAML assertion:saml2',
        'customOIDCFactorId GENERIC_OIDC assertion:oidc',
        'claimsProviderFactorId CUSTOM claims_provider',
      ],
      rememberDevice: '0 min, default false',
    },
  },
  // Real MFA_ENROLL lists carry no factor ids (a factor gets one when enrolled): all are kept.
  'authn-MFA_ENROLL-all-factor-types.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_ENROLL',
      stateToken: 'testStateToken',
      factors: [
        '- OKTA question NOT_SETUP',
        '- GOOGLE token:software:totp NOT_SETUP',
        '- OKTA token:software:totp NOT_SETUP',
        '- RSA token NOT_SETUP',
        '- SYMANTEC token NOT_SETUP',
        '- YUBICO token:hardware NOT_SETUP',
        '- OKTA sms NOT_SETUP',
        '- OKTA call NOT_SETUP',
        '- DUO web NOT_SETUP',
        '- FIDO webauthn NOT_SETUP',
        '- FIDO u2f NOT_SETUP',
        '- GENERIC_SAML assertion:saml2 NOT_SETUP',
        '- GENERIC_OIDC assertion:oidc NOT_SETUP',
        '- CUSTOM claims_provider NOT_SETUP',
        '- CUSTOM token:hotp NOT_SETUP',
        '- OKTA email NOT_SETUP',
      ],
    },
  },
  'authn-MFA_ENROLL-okta-and-google-totp-only.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_ENROLL',
      stateToken: '00vr2lZLK8ciKcTVYS91pPFJ3RFS2BsgxtoNP5jWPS',
      factors: [
        'osthw62MEvG6YFuHe0g3 OKTA token:software:totp NOT_SETUP',
        'ufthp18Zup4EGLtrd0g3 GOOGLE token:software:totp NOT_SETUP',
      ],
    },
  },
  // QR from an absolute URL on the org.
  'authn-MFA_ENROLL_ACTIVATE-google-authenticator-totp.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: '00wlafXU2GV9I3tNvDNkOA1thqM5gDwCOgHID_-Iej',
      factor: 'ostf2xjtDKWFPZIKYDZV GOOGLE token:software:totp',
      sharedSecret: 'KYCRM33UJZSXQ2DW',
      qrCodeUrl: QR_GOOGLE,
      factorResult: null,
    },
  },
  'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp.200.json': {
    org: YOUR_DOMAIN,
    result: {
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: '00wlafXU2GV9I3tNvDNkOA1thqM5gDwCOgHID_-Iej',
      factor: 'ostf2xjtDKWFPZIKYDZV OKTA token:software:totp',
      sharedSecret: 'KBMTM32UJZSXQ2DW',
      qrCodeUrl: QR_OKTA,
      factorResult: null,
    },
  },
  // QR from a data: URL; the org is plain http, which only local mode allows.
  'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-dataurl-qrcode.200.json': {
    org: 'http://classic.okta1.com:1802',
    localMode: true,
    result: {
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: '00gSN_hl4vCEPXe7cX0RfFUKnYycbjfdzxuCkGnkeV',
      factor: 'ost18bqFX9kvQzlBs0g4 OKTA token:software:totp',
      sharedSecret: 'PPSHKGT4P63IWHE6',
      qrCodeUrl: expect.stringMatching(
        /^data:image\/png;base64,iVBORw0KGgo[A-Za-z0-9+/]+=*$/,
      ) as unknown as string,
      factorResult: 'WAITING',
    },
  },
  // QR from a relative href, resolved against the org.
  'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-widget.200.json': {
    org: FOO,
    result: {
      status: 'MFA_ENROLL_ACTIVATE',
      stateToken: 'testStateToken',
      factor: 'id1234 OKTA token:software:totp',
      sharedSecret: 'superSecretSharedSecret',
      qrCodeUrl: 'https://foo.com/base/test/unit/assets/1x1.gif',
      factorResult: 'WAITING',
    },
  },
  // The `unlock` link is published: self-service unlock is allowed.
  'authn-LOCKED_OUT.200.json': {
    org: 'https://rain.okta1.com:80',
    result: { status: 'LOCKED_OUT', canUnlock: true },
  },
  'authn-PASSWORD_EXPIRED.200.json': {
    org: FOO,
    result: {
      status: 'PASSWORD_EXPIRED',
      stateToken: 'testStateToken',
      complexity: JSON.stringify({
        minLength: 8,
        minLowerCase: 1,
        minUpperCase: 1,
        minNumber: 1,
        minSymbol: 1,
        excludeUsername: true,
        excludeAttributes: ['firstName', 'lastName'],
      }),
      user: "inca@clouditude.net Inca-Louise O'Rain Dum",
    },
  },
  'authn-PASSWORD_WARN.200.json': {
    org: FOO,
    error: 'unknown_error',
    providerCode: 'PASSWORD_WARN',
  },
  'authn-UNAUTHENTICATED.200.json': {
    org: 'https://foo.okta.com',
    error: 'unknown_error',
    providerCode: 'UNAUTHENTICATED',
  },
  'authn-cancel.200.json': { org: YOUR_DOMAIN, error: 'unknown_error' },
  'error-E0000001-api-validation-failed-factor-enroll.400.json': {
    org: YOUR_DOMAIN,
    error: 'unknown_error',
    providerCode: 'E0000001',
  },
  'error-E0000004-authentication-failed.401.json': {
    org: YOUR_DOMAIN,
    error: 'invalid_credentials',
    providerCode: 'E0000004',
  },
  'error-E0000006-access-denied.403.json': {
    org: YOUR_DOMAIN,
    error: 'invalid_verification_code',
    providerCode: 'E0000006',
  },
  'error-E0000011-invalid-token.401.json': {
    org: YOUR_DOMAIN,
    error: 'session_expired',
    providerCode: 'E0000011',
  },
  'error-E0000047-rate-limit.429.json': {
    org: YOUR_DOMAIN,
    error: 'rate_limited',
    providerCode: 'E0000047',
  },
  // "doesn't match our records" is a wrong code, not a replay.
  'error-E0000068-invalid-passcode-activate-with-cause.403.json': {
    org: YOUR_DOMAIN,
    error: 'mfa_verification_failed',
    providerCode: 'E0000068',
  },
  'error-E0000068-invalid-passcode-verify-with-cause.403.json': {
    org: YOUR_DOMAIN,
    error: 'mfa_verification_failed',
    providerCode: 'E0000068',
  },
  'error-E0000068-invalid-passcode-verify.403.json': {
    org: YOUR_DOMAIN,
    error: 'mfa_verification_failed',
    providerCode: 'E0000068',
  },
  'error-E0000069-user-locked.403.json': {
    org: YOUR_DOMAIN,
    error: 'account_locked',
    providerCode: 'E0000069',
  },
  'oauth2-token-success.200.json': { notAuthn: true },
  'oauth2-token-error-invalid_grant-pkce.400.json': { notAuthn: true },
}

const files = readdirSync(fileURLToPath(FIXTURES)).filter((name) => name.endsWith('.json'))

function fixtureResponse(name: string, headers: HeadersInit = {}): Response {
  const status = Number(/\.(\d{3})\.json$/.exec(name)?.[1])
  return new Response(readFileSync(fileURLToPath(new URL(name, FIXTURES)), 'utf8'), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

function config(org: string, localMode = false): AuthConfig {
  return testConfig({ oktaOrgUrl: org, localMode })
}

describe('processAuthnResponse on the recorded Okta fixtures', () => {
  it('has a table row for every fixture file, and a file for every row', () => {
    expect(files.length).toBeGreaterThan(0)
    expect([...files].sort()).toEqual(Object.keys(ROWS).sort())
  })

  it.each(files)('%s', async (name) => {
    const row = ROWS[name]
    if (row === undefined) throw new Error(`no table row for ${name}`)
    if ('notAuthn' in row) {
      const error = await rejection(
        processAuthnResponse(config(YOUR_DOMAIN), fixtureResponse(name)),
      )
      expect(error.code).toBe('unknown_error')
      return
    }
    const response = fixtureResponse(name)
    if ('result' in row) {
      const tx = await processAuthnResponse(config(row.org, row.localMode), response)
      expect(summarize(tx)).toEqual(row.result)
      return
    }
    const error = await rejection(processAuthnResponse(config(row.org), response))
    expect(error.code).toBe(row.error)
    expect(error.details.status).toBe(response.status)
    expect(error.details.providerCode).toBe(row.providerCode)
  })

  it('E0000047 with X-Rate-Limit-Reset: keeps the reset time', async () => {
    const error = await rejection(
      processAuthnResponse(
        config(YOUR_DOMAIN),
        fixtureResponse('error-E0000047-rate-limit.429.json', {
          'X-Rate-Limit-Reset': '1700000060',
        }),
      ),
    )
    expect(error.details).toEqual({
      providerCode: 'E0000047',
      status: 429,
      rateLimitReset: 1_700_000_060,
    })
  })

  it.each([
    'authn-MFA_ENROLL_ACTIVATE-google-authenticator-totp.200.json',
    'authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-widget.200.json',
    'authn-PASSWORD_WARN.200.json',
    'authn-UNAUTHENTICATED.200.json',
  ])('%s with a different org: refuses the foreign next link (unknown_error)', async (name) => {
    const error = await rejection(
      processAuthnResponse(config('https://login.example.com'), fixtureResponse(name)),
    )
    expect(error.code).toBe('unknown_error')
  })

  it('the dataurl fixture in production mode on https: refuses its http next link', async () => {
    const error = await rejection(
      processAuthnResponse(
        config('https://classic.okta1.com:1802'),
        fixtureResponse('authn-MFA_ENROLL_ACTIVATE-okta-verify-totp-dataurl-qrcode.200.json'),
      ),
    )
    expect(error.code).toBe('unknown_error')
  })
})
