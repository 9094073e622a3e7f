/**
 * What our API checks of a platform access token, from the environment (the sub-site guide's
 * values; the defaults are the dev platform's).
 */
import type { RequestVerifierOptions } from '@mapping-platform/auth-core/server'

export function tokenOptions(env: NodeJS.ProcessEnv = process.env): RequestVerifierOptions {
  return {
    issuer: env.OKTA_ISSUER ?? 'http://localhost:4010/oauth2/default',
    audience: env.OKTA_AUDIENCE ?? 'api://default',
    clientId: env.OKTA_CLIENT_ID ?? '0oadevsignin',
    // A read-only sub-site: reading coverage is all it needs.
    requiredScopes: ['coverage:get'],
    siteOrigins: (env.SITE_ORIGINS ?? 'http://localhost:3000').split(','),
  }
}
