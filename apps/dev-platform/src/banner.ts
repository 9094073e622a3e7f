/** The start-up banner: every URL, the DSN, the accounts with their passwords, the TOTP code. */
import { REMY_TOTP_SECRET, TESS_TOTP_SECRET } from './accounts'
import { TOTP_ISSUER } from './authnResponses'
import { GOOGLE_CLIENT_ID, OKTA_CLIENT_ID, ROLE_NAMES, ROLES } from './config'
import type { DevPlatform } from './devPlatform'
import { otpauthUri, totpCode, TOTP_PERIOD_SECONDS } from './totp'

/**
 * The banner text (lines fit 80 columns except the `otpauth://` URI, kept whole to copy).
 * @param startMs measured start time, printed on the first line.
 * @param now the clock, for the current TOTP code.
 */
export function formatBanner(platform: DevPlatform, startMs: number, now: number): string {
  const { config } = platform
  const lines: string[] = [`Dev platform ready in ${startMs} ms`, '']
  for (const role of ROLE_NAMES) {
    // With DEV_SUBSITE_URL (a team's app registered in the demo's place), the demo listens on its
    // own port: print where it is, and what is registered.
    const demo = `http://localhost:${platform.ports[role]}`
    const url =
      role === 'subsite' && new URL(config.urls.subsite).port !== String(platform.ports.subsite)
        ? `${demo} (demo; ${config.urls.subsite} registered)`
        : config.urls[role]
    lines.push(`  ${ROLES[role].label.padEnd(12)} ${url}`)
  }
  lines.push(
    '',
    `  Issuer       ${config.issuer}`,
    `  Client id    ${OKTA_CLIENT_ID} (public, PKCE S256)`,
    `  Google id    ${GOOGLE_CLIENT_ID}`,
    `  Sentry DSN   ${config.sentryDsn}`,
    `  App origins  ${config.appOrigins.join(', ')}`,
    `  Sub-site JS  React app (auth-react) bundled by esbuild in ${platform.subsiteBundleMs} ms`,
    '',
    'Seeded accounts (email / password, then what it shows):',
  )
  for (const account of platform.accounts)
    lines.push(
      `  ${account.email}${account.password ? ` / ${account.password}` : ' (Google)'}`,
      `      ${account.demonstrates}`,
    )
  const tess = platform.accounts.find((account) => account.totpSecret === TESS_TOTP_SECRET)
  if (tess) {
    const left = TOTP_PERIOD_SECONDS - (Math.floor(now / 1000) % TOTP_PERIOD_SECONDS)
    lines.push(
      '',
      `TOTP of ${tess.email} (Okta Verify, SHA1, 6 digits, 30 s):`,
      `  secret      ${TESS_TOTP_SECRET}`,
      `  code now    ${totpCode(TESS_TOTP_SECRET, now)} (valid ${left} s more)`,
      '  add it to an authenticator app with this URI:',
      otpauthUri(TOTP_ISSUER.OKTA, tess.email, TESS_TOTP_SECRET),
    )
  }
  const remy = platform.accounts.find((account) => account.totpSecret === REMY_TOTP_SECRET)
  if (remy)
    lines.push(
      '',
      `TOTP of ${remy.email}: secret ${REMY_TOTP_SECRET}`,
      `  code now    ${totpCode(REMY_TOTP_SECRET, now)}`,
    )
  lines.push(
    '',
    `Test controls: ${config.urls.okta}/__test (mailbox: unlock emails)`,
    `  and ${config.urls.okta}/__test/reset and more`,
    '  (all listed in apps/dev-platform/README.md)',
    'Stop with Ctrl+C.',
  )
  return lines.join('\n')
}
