/**
 * HTTP of the Okta classic Authn API on the Okta origin: JSON in and out, credentialed CORS for
 * the app origins only (any other origin is refused), the device cookie `DT`, the slow
 * account's delay, and the QR images of pending enrolments.
 * @see https://developer.okta.com/docs/reference/api/authn/
 */
import { Hono, type Context } from 'hono'
import QRCode from 'qrcode'
import type { AuthnOutcome, AuthnService } from './authnService'
import { TOTP_ISSUER } from './authnResponses'
import type { AppEnv, PlatformContext } from './context'
import { sleep } from './context'
import { cors, originIn } from './cors'
import { recogniseDevice } from './deviceCookie'
import { faultPoint } from './faults'
import { oktaError } from './oktaErrors'
import { countCall, type RateLimitedEndpoint } from './rateLimits'
import { otpauthUri } from './totp'

/** Rate-limit headers a browser app may read (Okta exposes them). */
export const RATE_LIMIT_HEADERS = [
  'X-Rate-Limit-Limit',
  'X-Rate-Limit-Remaining',
  'X-Rate-Limit-Reset',
]

/** The Authn routes, mounted on the Okta app. */
export function authnRoutes(ctx: PlatformContext, authn: AuthnService): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const guard = [
    cors({
      isAllowed: originIn(ctx.config.appOrigins),
      methods: ['POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'Accept', 'X-Okta-User-Agent-Extended'],
      exposeHeaders: RATE_LIMIT_HEADERS,
      credentials: true,
      refuseOtherOrigins: true,
    }),
    faultPoint(ctx, 'authn'),
  ] as const
  // In Hono `/api/v1/authn/*` also matches `/api/v1/authn` itself.
  app.use('/api/v1/authn/*', ...guard)

  /**
   * Recognises the device (`DT` cookie; set on the answer when the device was new), parses the
   * JSON body, runs `op` with the device token, answers. A body not declared `application/json`
   * is 415 E0000021 (Okta's media-type error): a `text/plain` POST is a "simple" cross-origin
   * request that no preflight guards, so it must not authenticate anyone. A declared JSON body
   * that is not a JSON object is 400 E0000003. On a rate-limited endpoint every call is counted
   * first: over the limit it is 429 E0000047 and `op` does not run; every answer carries the
   * bucket's `X-Rate-Limit-*` headers.
   * @see https://developer.okta.com/docs/reference/error-codes/
   */
  const handle =
    (
      op: (body: Record<string, unknown>, c: Context<AppEnv>, deviceToken: string) => AuthnOutcome,
      endpoint?: RateLimitedEndpoint,
    ) =>
    async (c: Context<AppEnv>) => {
      const { deviceToken, setCookie } = recogniseDevice(ctx, c.req.header('Cookie'))
      const rate = endpoint && countCall(ctx.store.rateLimits, ctx.clock, endpoint)
      let outcome: AuthnOutcome
      if (rate?.limited) {
        outcome = oktaError(ctx.random, 'E0000047')
      } else if (!isJsonMediaType(c.req.header('Content-Type'))) {
        outcome = oktaError(ctx.random, 'E0000021')
      } else {
        let body: unknown
        try {
          body = JSON.parse(await c.req.text())
        } catch {
          body = undefined
        }
        outcome =
          typeof body === 'object' && body !== null && !Array.isArray(body)
            ? op(body as Record<string, unknown>, c, deviceToken)
            : oktaError(ctx.random, 'E0000003')
      }
      if (outcome.user?.behaviour === 'slow') await sleep(ctx.config.slowMs)
      const headers = new Headers({
        'Content-Type': 'application/json',
        ...outcome.headers,
        ...rate?.headers,
      })
      if (setCookie) headers.append('Set-Cookie', setCookie)
      return new Response(JSON.stringify(outcome.body), { status: outcome.status, headers })
    }

  app.post(
    '/api/v1/authn',
    handle((body, _c, deviceToken) => authn.primary(body, deviceToken)),
  )
  app.post('/api/v1/authn/factors', handle(authn.enroll))
  app.post(
    '/api/v1/authn/factors/:factorId/lifecycle/activate',
    handle((body, c) => authn.activate(c.req.param('factorId') ?? '', body), 'activate'),
  )
  app.post(
    '/api/v1/authn/factors/:factorId/verify',
    handle(
      (body, c, deviceToken) =>
        authn.verify(c.req.param('factorId') ?? '', body, {
          rememberDevice: c.req.query('rememberDevice') === 'true',
          deviceToken,
        }),
      'verify',
    ),
  )
  app.post('/api/v1/authn/previous', handle(authn.previous))
  app.post('/api/v1/authn/skip', handle(authn.skip))
  app.post('/api/v1/authn/cancel', handle(authn.cancel))
  app.post('/api/v1/authn/introspect', handle(authn.introspect))
  app.post('/api/v1/authn/credentials/change_password', handle(authn.changePassword))
  app.post('/api/v1/authn/recovery/unlock', handle(authn.unlock))

  /**
   * The QR image of a pending enrolment: an unguessable link that works only while the
   * transaction lives. It encodes the `otpauth://` URI of the new secret.
   */
  app.get('/api/v1/users/:userId/factors/:factorId/qr/:qrToken', async (c) => {
    const { userId, factorId, qrToken } = c.req.param()
    const found = authn.qrEnrolment(userId, factorId, qrToken)
    if (!found) {
      const { status, body } = authn.notFound(`${factorId} (QR code)`)
      return c.json(body, status as 404)
    }
    const uri = otpauthUri(
      TOTP_ISSUER[found.pending.provider],
      found.user.login,
      found.pending.secret,
    )
    const png = await QRCode.toBuffer(uri, { type: 'png', errorCorrectionLevel: 'M', width: 240 })
    return new Response(new Uint8Array(png), {
      headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' },
    })
  })
  return app
}

/** Whether a `Content-Type` is `application/json` (parameters such as `charset` allowed). */
function isJsonMediaType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json'
}
