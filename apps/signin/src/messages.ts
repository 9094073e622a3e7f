/**
 * The message catalogue: every string a person can see or hear (labels, headings, buttons, hints,
 * accessible names, alt texts, progress texts). English now; a translation is one more file of
 * the same shape. Error texts come from auth-core's `messageFor` (the specification's wording) and
 * a translation overrides them per code in `errorOverrides`.
 */
import { messageFor } from '@mapping-platform/auth-core'
import type { AuthErrorCode, TotpProvider } from '@mapping-platform/auth-core'

export const messages = {
  documentTitle: 'Sign in to your account',
  wordmark: 'Mapping Platform',
  brandLabel: 'Mapping Platform',

  email: {
    heading: 'Sign in',
    intro: 'Use your Mapping Platform account.',
    label: 'Email',
    invalidHint: 'Enter an email address like name@example.com.',
    next: 'Next',
    divider: 'or',
    google: 'Sign in with Google',
    legalLabel: 'Legal',
    privacy: 'Privacy policy',
    cookies: 'Cookie policy',
    terms: 'Terms of service',
  },

  password: {
    heading: 'Enter your password',
    signingInAs: 'Signing in as',
    change: 'Change',
    changeLabel: 'Change email',
    label: 'Password',
    showPassword: 'Show password',
    tooShortHint: 'Your password has at least 4 characters.',
    submit: 'Sign in',
    submitting: 'Signing in…',
    forgot: 'Forgot password',
  },

  code: {
    heading: 'Enter verification code',
    instruction: 'Enter the 6-digit code from your authenticator app',
    submit: 'Verify',
    verifying: 'Verifying...',
    digitLabel: (position: number, total: number): string => `Digit ${position} of ${total}`,
  },

  factorChoice: {
    heading: 'Set up multi-factor authentication',
    instruction: 'Choose an authenticator app to continue',
    settingUp: 'Setting up…',
    providers: {
      OKTA: {
        name: 'Okta Verify',
        description: 'Okta’s authenticator app for iPhone and Android',
      },
      GOOGLE: {
        name: 'Google Authenticator',
        description: 'Google’s authenticator app for iPhone and Android',
      },
    } satisfies Record<TotpProvider, { name: string; description: string }>,
  },

  qr: {
    heading: 'Scan the QR code',
    instruction: (app: string): string =>
      `Open ${app} on your phone, add an account and scan this code.`,
    alt: (app: string): string => `QR code to add your account to ${app}`,
    sameDevice: 'Add to an authenticator app on this device',
    manualHeading: 'Can’t scan it?',
    manualInstruction: 'Enter this key in the app instead:',
    secretLabel: (spelled: string): string => `Setup key: ${spelled}`,
    copy: 'Copy key',
    copied: 'Copied',
    copyFailed: 'Could not copy. Select the key and copy it instead.',
  },

  passwordExpired: {
    heading: 'Your password has expired',
    intro: 'Choose a new password to finish signing in.',
    currentLabel: 'Current password',
    newLabel: 'New password',
    confirmLabel: 'Confirm new password',
    rulesHeading: 'Your new password needs',
    rules: {
      minLength: (count: number): string =>
        count === 1 ? 'At least 1 character' : `At least ${formatCount(count)} characters`,
      minLowerCase: (count: number): string =>
        count === 1
          ? 'At least 1 lowercase letter'
          : `At least ${formatCount(count)} lowercase letters`,
      minUpperCase: (count: number): string =>
        count === 1
          ? 'At least 1 uppercase letter'
          : `At least ${formatCount(count)} uppercase letters`,
      minNumber: (count: number): string =>
        count === 1 ? 'At least 1 number' : `At least ${formatCount(count)} numbers`,
      minSymbol: (count: number): string =>
        count === 1 ? 'At least 1 symbol' : `At least ${formatCount(count)} symbols`,
      excludeUsername: 'No part of your email address',
      excludeFirstName: 'Not your first name',
      excludeLastName: 'Not your last name',
    },
    ruleMet: 'done',
    ruleNotMet: 'not yet',
    ruleMetAnnouncement: (rule: string): string => `Done: ${rule}`,
    allRulesMet: 'Your new password meets every rule.',
    confirmMismatch: 'The two new passwords are not the same.',
    submit: 'Change password',
    submitting: 'Changing password…',
    cancel: 'Back to sign in',
  },

  locked: {
    heading: 'Your account is locked',
    intro:
      'Too many sign-in attempts locked your account. We can email you a link that unlocks it.',
    adminIntro:
      'Too many sign-in attempts locked your account. Please contact your administrator to unlock it.',
    unlock: 'Unlock account',
    sending: 'Sending…',
    back: 'Back to sign in',
  },

  unlockSent: {
    heading: 'Check your email',
    body: (email: string): string =>
      `If ${email} belongs to an account that can be unlocked, we have sent it an email with a link to unlock it.`,
    next: 'Open the link, then sign in again.',
    back: 'Back to sign in',
  },

  rememberDevice: {
    forLifetime: (lifetime: string): string =>
      `Don’t ask for a code on this device for ${lifetime}`,
    always: 'Don’t ask for a code on this device again',
    lifetime: (minutes: number): string => formatLifetime(minutes),
  },

  rateLimit: {
    retryIn: (time: string): string => `Try again in ${time}`,
    over: 'You can try again now.',
  },

  signedIn: {
    headingAs: (who: string): string => `You’re signed in as ${who}`,
    heading: 'You’re already signed in',
    intro: 'Continue to the platform, or sign out first to use a different account.',
    continue: 'Continue',
    switchAccount: 'Sign in with a different account',
    signingOut: 'Signing you out…',
  },

  progress: {
    signingIn: 'Signing you in…',
    redirectingToGoogle: 'Redirecting to Google…',
    signingInWithGoogle: 'Signing you in with Google…',
    restoring: 'Restoring your sign-in…',
    loading: 'Loading…',
  },

  configError: {
    heading: 'Sign-in is not available',
    intro: 'This page is missing part of its configuration:',
    outro: 'If you run this site, set the variables above and rebuild the app.',
  },
} as const

/** A count as English writes it (grouping, digits). */
function formatCount(count: number): string {
  return new Intl.NumberFormat('en').format(count)
}

/**
 * A remember-device lifetime in the largest whole unit that fits: days, else hours, else minutes
 * ("30 days", "12 hours", "90 minutes"), worded by `Intl.NumberFormat`'s unit style.
 */
function formatLifetime(minutes: number): string {
  const unit = (value: number, name: 'day' | 'hour' | 'minute'): string =>
    new Intl.NumberFormat('en', { style: 'unit', unit: name, unitDisplay: 'long' }).format(value)
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day')
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour')
  return unit(minutes, 'minute')
}

/** A countdown as minutes and two-digit seconds, e.g. 0:42 or 1:05. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  const minutes = Math.floor(whole / 60)
  const rest = new Intl.NumberFormat('en', { minimumIntegerDigits: 2 }).format(whole % 60)
  return `${formatCount(minutes)}:${rest}`
}

/** Per-code overrides of auth-core's error texts (a translation fills this in). */
const errorOverrides: Partial<Record<AuthErrorCode, string>> = {}

/** The text of an error code; never a provider's own message. */
export function errorText(code: AuthErrorCode): string {
  return errorOverrides[code] ?? messageFor(code)
}
