import type { AuthConfig } from '../config/authConfig'

/**
 * The parts of the configuration that name the authorization server and the client: the same in
 * the sign-in app's {@link AuthConfig} and a sub-site's `SessionConfig`.
 */
export type SessionOAuthConfig = Pick<
  AuthConfig,
  'oktaOrgUrl' | 'authServerId' | 'clientId' | 'localMode'
>
