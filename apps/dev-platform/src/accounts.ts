/**
 * The seeded people. Each Okta account demonstrates one path of the sign-in product; the Google
 * accounts are the ones the consent page offers (one known to the product API, one not).
 */

/** How an Okta account behaves at primary authentication. */
export type OktaBehaviour =
  | 'password'
  | 'totp'
  | 'remember'
  | 'enroll'
  | 'denied'
  | 'locked'
  | 'lockedAdmin'
  | 'expired'
  | 'warn'
  | 'ratelimit'
  | 'slow'

/** A seeded account as the banner, `DevPlatform.accounts` and `GET /__test/accounts` show it. */
export interface SeededAccount {
  readonly email: string
  /** The password (Okta accounts); null for Google accounts, which sign in on the consent page. */
  readonly password: string | null
  readonly kind: 'okta' | 'google'
  /** Okta accounts: their behaviour; Google accounts: whether the product API knows them. */
  readonly behaviour: OktaBehaviour | 'google-known' | 'google-unknown'
  /** What signing in with it demonstrates. */
  readonly demonstrates: string
  /** The user id (`uid` claim); Okta-style `00u…`. */
  readonly userId: string
  readonly firstName: string
  readonly lastName: string
  /** Base32 TOTP secret of the seeded Okta Verify enrolment (the TOTP and remember accounts). */
  readonly totpSecret?: string
}

/** The fixed TOTP secret of `tess.totp@example.com`, so a person can add it to a real app. */
export const TESS_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
/** Factor ids of Tess's seeded enrolments (Okta Verify push listed first, then TOTP). */
export const TESS_PUSH_FACTOR_ID = 'opfdevtesspush000001'
export const TESS_TOTP_FACTOR_ID = 'ostdevtesstotp000001'

/** The fixed TOTP secret of `remy.remember@example.com` (remember-device policy). */
export const REMY_TOTP_SECRET = 'KJSW26JAOJSW2ZLNMJSXE4ZAORUGS4ZB'
/** Factor id of Remy's seeded Okta Verify TOTP enrolment. */
export const REMY_TOTP_FACTOR_ID = 'ostdevremytotp000001'
/** Remy's remember-device lifetime: 7 days, as `rememberDeviceLifetimeInMinutes`. */
export const REMY_REMEMBER_MINUTES = 7 * 24 * 60

/** Every seeded account, in the order the banner prints them. */
export const SEEDED_ACCOUNTS: readonly SeededAccount[] = [
  {
    email: 'pat.password@example.com',
    password: 'Password-only-1',
    kind: 'okta',
    behaviour: 'password',
    demonstrates: 'password only: SUCCESS, then the code flow',
    userId: '00udevpatpassword001',
    firstName: 'Pat',
    lastName: 'Password',
  },
  {
    email: 'tess.totp@example.com',
    password: 'Totp-enrolled-1',
    kind: 'okta',
    behaviour: 'totp',
    demonstrates: 'MFA_REQUIRED: push listed first, then Okta Verify TOTP',
    userId: '00udevtesstotp000001',
    firstName: 'Tess',
    lastName: 'Totp',
    totpSecret: TESS_TOTP_SECRET,
  },
  {
    email: 'remy.remember@example.com',
    password: 'Remember-device-1',
    kind: 'okta',
    behaviour: 'remember',
    demonstrates: 'MFA_REQUIRED; remembers this browser (DT cookie) 7 days if asked',
    userId: '00udevremyremember01',
    firstName: 'Remy',
    lastName: 'Remember',
    totpSecret: REMY_TOTP_SECRET,
  },
  {
    email: 'nia.enroll@example.com',
    password: 'Enroll-needed-1',
    kind: 'okta',
    behaviour: 'enroll',
    demonstrates: 'MFA_ENROLL: Okta Verify or Google Authenticator (QR)',
    userId: '00udevniaenroll00001',
    firstName: 'Nia',
    lastName: 'Enroll',
  },
  {
    email: 'dana.denied@example.com',
    password: 'Denied-access-1',
    kind: 'okta',
    behaviour: 'denied',
    demonstrates: 'SUCCESS, then /authorize answers access_denied',
    userId: '00udevdanadenied0001',
    firstName: 'Dana',
    lastName: 'Denied',
  },
  {
    email: 'lou.locked@example.com',
    password: 'Locked-out-1',
    kind: 'okta',
    behaviour: 'locked',
    demonstrates: 'LOCKED_OUT with self-service unlock: the email is on /__test',
    userId: '00udevloulocked00001',
    firstName: 'Lou',
    lastName: 'Locked',
  },
  {
    email: 'ali.adminlocked@example.com',
    password: 'Locked-admin-1',
    kind: 'okta',
    behaviour: 'lockedAdmin',
    demonstrates: 'LOCKED_OUT, no self-service unlock (contact your administrator)',
    userId: '00udevalilockedadm01',
    firstName: 'Ali',
    lastName: 'Adminlocked',
  },
  {
    email: 'pia.expired@example.com',
    password: 'Password-expired-1',
    kind: 'okta',
    behaviour: 'expired',
    demonstrates: 'PASSWORD_EXPIRED: change it (8+ chars, a-z, A-Z, 0-9, not your name)',
    userId: '00udevpiaexpired0001',
    firstName: 'Pia',
    lastName: 'Expired',
  },
  {
    email: 'wes.warn@example.com',
    password: 'Password-warn-1',
    kind: 'okta',
    behaviour: 'warn',
    demonstrates: 'PASSWORD_WARN if warnBeforePasswordExpired, else SUCCESS',
    userId: '00udevweswarn0000001',
    firstName: 'Wes',
    lastName: 'Warn',
  },
  {
    email: 'ray.ratelimit@example.com',
    password: 'Rate-limited-1',
    kind: 'okta',
    behaviour: 'ratelimit',
    demonstrates: 'always 429 E0000047 (any password)',
    userId: '00udevrayratelimit01',
    firstName: 'Ray',
    lastName: 'Ratelimit',
  },
  {
    email: 'sam.slow@example.com',
    password: 'Slow-provider-1',
    kind: 'okta',
    behaviour: 'slow',
    demonstrates: 'like Pat, but every Authn answer waits DEV_SLOW_MS',
    userId: '00udevsamslow0000001',
    firstName: 'Sam',
    lastName: 'Slow',
  },
  {
    email: 'gina.google@example.com',
    password: null,
    kind: 'google',
    behaviour: 'google-known',
    demonstrates: 'Google: known to the product API (cookies)',
    userId: '00udevginagoogle0001',
    firstName: 'Gina',
    lastName: 'Google',
  },
  {
    email: 'uma.unknown@example.com',
    password: null,
    kind: 'google',
    behaviour: 'google-unknown',
    demonstrates: 'Google: unknown to the product API (not_found)',
    userId: '00udevumaunknown0001',
    firstName: 'Uma',
    lastName: 'Unknown',
  },
]
