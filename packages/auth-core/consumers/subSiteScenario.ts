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
  after: 'active',
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
