import type { SessionConfig } from '@mapping-platform/auth-core/session'

export const sessionConfig: SessionConfig = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}
