import { messageFor } from '../src/errors/errorMessages'

/**
 * What every consumer's scenario script (templates/typescript/scenario.ts and the plain Node
 * scripts) must print: the expired session was refreshed with ONE request to the token endpoint,
 * both cookies were rewritten, a visitor sent to sign in carries `post_login_redirect`, a bad
 * sub-site name is refused with the same AuthError class as the main entry point's, and the
 * packed messages are the source's.
 */
export const SUB_SITE_SCENARIO = {
  before: 'expired',
  after: 'signedIn',
  email: 'pat@example.com',
  tokenIsTheNewCookie: true,
  refreshCookie: 'refresh-2',
  requests: ['https://login.example.com/oauth2/default/v1/token'],
  navigations: ['https://signin.example.com/'],
  redirectCookie: 'citystream',
  oneAuthErrorClass: true,
  refusedIsAuthError: true,
  timeoutMessage: messageFor('timeout'),
  issuer: 'https://login.example.com/oauth2/default',
}

/**
 * What templates/typescript/server.ts must print: the token read from the `Cookie` header is
 * verified against the JWKS of a local authorization server (fetched once: an unknown `kid`
 * within the cooldown does not fetch again), and every altered token is refused for its reason.
 */
export const SERVER_SCENARIO = {
  refreshToken: 'r1',
  verified: { subject: 'pat@example.com', userId: '00u1pat', scopes: ['openid', 'coverage:get'] },
  forged: 'invalid_signature',
  otherAudience: 'wrong_audience',
  expired: 'expired',
  missingScope: 'insufficient_scope',
  unsigned: 'unsupported_algorithm',
  unknownKey: 'unknown_key',
  duplicateCookie: null,
  keyRequests: ['/oauth2/default/v1/keys'],
}

/**
 * What templates/typescript/testing.ts must print: the test session refreshed its expired token
 * with one request and rotated the refresh cookie; a fake token names its claims and is refused
 * by the server entry.
 */
export const TESTING_SCENARIO = {
  before: 'expired',
  after: 'signedIn',
  requests: ['token'],
  tokenIsTheCookie: true,
  refreshToken: 'rt-1',
  navigations: [],
  fakeEmail: 'grace@example.com',
  fakeRefused: 'unknown_key',
}
