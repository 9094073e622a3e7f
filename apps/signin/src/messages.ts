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

/** Per-code overrides of auth-core's error texts (a translation fills this in). */
const errorOverrides: Partial<Record<AuthErrorCode, string>> = {}

/** The text of an error code; never a provider's own message. */
export function errorText(code: AuthErrorCode): string {
  return errorOverrides[code] ?? messageFor(code)
}
