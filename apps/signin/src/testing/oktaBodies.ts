/**
 * Response bodies of the fake identity provider and product API used by the app's tests, in the
 * shapes of the recorded Okta fixtures (`shared/okta-authn-fixtures`).
 */
import { oauthEndpointsFor } from '@mapping-platform/auth-core'
import type { AuthConfig } from '@mapping-platform/auth-core'
import {
  createUnsignedJwt,
  idTokenClaims,
} from '../../../../packages/auth-core/src/testSupport/jwt'

/** Values that must never appear in a report, a URL left in history, or storage after use. */
export const SECRETS = {
  password: 'Correct-Horse-9',
  stateToken: '00wlafXU2GV9I3tNvDNkOA1thqM5gDwCOgHID_secret',
  sessionToken: '20111h0AbCdEfGhSessionTokenSecret',
  passCode: '482913',
  sharedSecret: 'KBMTM32UJZSXQ2DWK4YTKOBTGQ',
  code: 'authCodeSecret-7fP2qX',
  accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhY2Nlc3MifQ.accessTokenSignature',
  refreshToken: 'refreshTokenSecret-Q1w2E3r4',
  googleCode: '4/0AX4XfWgoogleCodeSecret',
} as const

export const FACTOR_ID = 'ostf2xjtDKWFPZIKYDZV'

/** A JSON response. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

export function authnSuccess(sessionToken: string = SECRETS.sessionToken): Response {
  return json({ status: 'SUCCESS', sessionToken, expiresAt: '2030-01-01T00:00:00.000Z' })
}

export function mfaRequired(stateToken: string = SECRETS.stateToken): Response {
  return json({
    status: 'MFA_REQUIRED',
    stateToken,
    expiresAt: '2030-01-01T00:00:00.000Z',
    _embedded: {
      factors: [
        { id: 'opfpushFactor01', factorType: 'push', provider: 'OKTA' },
        { id: FACTOR_ID, factorType: 'token:software:totp', provider: 'OKTA' },
      ],
    },
  })
}

export function mfaEnroll(stateToken: string = SECRETS.stateToken): Response {
  return json({
    status: 'MFA_ENROLL',
    stateToken,
    expiresAt: '2030-01-01T00:00:00.000Z',
    _embedded: {
      factors: [
        { factorType: 'token:software:totp', provider: 'OKTA', status: 'NOT_SETUP' },
        { factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' },
        { factorType: 'token:software:totp', provider: 'GOOGLE', status: 'NOT_SETUP' },
      ],
    },
  })
}

/** A 1×1 PNG as a data: URL (the provider may send the QR this way). */
export const QR_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

export function enrollActivate(
  provider: 'OKTA' | 'GOOGLE' = 'OKTA',
  stateToken: string = SECRETS.stateToken,
): Response {
  return json({
    status: 'MFA_ENROLL_ACTIVATE',
    stateToken,
    expiresAt: '2030-01-01T00:00:00.000Z',
    _embedded: {
      factor: {
        id: FACTOR_ID,
        factorType: 'token:software:totp',
        provider,
        _embedded: {
          activation: {
            timeStep: 30,
            sharedSecret: SECRETS.sharedSecret,
            encoding: 'base32',
            keyLength: 6,
            _links: { qrcode: { href: QR_DATA_URL, type: 'image/png' } },
          },
        },
      },
    },
  })
}

/** An Okta error answer, e.g. `E0000004` with 401. */
export function oktaError(
  errorCode: string,
  status: number,
  headers: Record<string, string> = {},
): Response {
  return json(
    { errorCode, errorSummary: 'Provider text that must never be shown', errorCauses: [] },
    status,
    headers,
  )
}

/** A token-endpoint success whose ID token passes for `config` and `nonce`. */
export function tokenSuccess(config: AuthConfig, nonce: string): Response {
  const { issuer } = oauthEndpointsFor(config)
  return json({
    token_type: 'Bearer',
    expires_in: 3600,
    access_token: SECRETS.accessToken,
    refresh_token: SECRETS.refreshToken,
    scope: 'openid offline_access',
    id_token: createUnsignedJwt(idTokenClaims({ issuer, clientId: config.clientId, nonce })),
  })
}
