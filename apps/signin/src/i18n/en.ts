/**
 * The English catalogue: every string a person can see or hear on the sign-in page (labels,
 * headings, buttons, hints, accessible names, alt texts, progress texts, the document's title),
 * the specification's own wording. It is the source of truth and the type of every translation:
 * keys are flat (`email.heading`), placeholders are `{name}` and filled by `t(key, params)`.
 * Error texts are auth-core's (`errorMessages`, keys `error.<code>` in translation files).
 * In the first load, except the texts of the lazily loaded steps (`enLaterSteps.ts`, loaded with
 * their views and handed to the locale store); each other locale is a lazy chunk
 * (`locales/<tag>.ts`).
 */
import type { enLaterSteps } from './enLaterSteps'

export const en = {
  documentTitle: 'Sign in to your account',
  wordmark: 'Mapping Platform',
  brandLabel: 'Mapping Platform',
  'email.heading': 'Sign in',
  'email.intro': 'Use your Mapping Platform account.',
  'email.label': 'Email',
  'email.invalidHint': 'Enter an email address like name@example.com.',
  'email.next': 'Next',
  'email.divider': 'or',
  'email.google': 'Sign in with Google',
  'email.legalLabel': 'Legal',
  'email.privacy': 'Privacy policy',
  'email.cookies': 'Cookie policy',
  'email.terms': 'Terms of service',
  'password.heading': 'Enter your password',
  'password.signingInAs': 'Signing in as',
  'password.change': 'Change',
  'password.changeLabel': 'Change email',
  'password.label': 'Password',
  'password.showPassword': 'Show password',
  'password.tooShortHint': 'Your password has at least 4 characters.',
  'password.submit': 'Sign in',
  'password.submitting': 'Signing in…',
  'password.forgot': 'Forgot password',

  // {time}: `formatCountdown` (i18n/formats.ts), e.g. "0:42".
  'rateLimit.retryIn': 'Try again in {time}',
  'rateLimit.over': 'You can try again now.',

  'progress.signingIn': 'Signing you in…',
  'progress.redirectingToGoogle': 'Redirecting to Google…',
  'progress.signingInWithGoogle': 'Signing you in with Google…',
  'progress.restoring': 'Restoring your sign-in…',
  'progress.loading': 'Loading…',
  // The button under the network message when a step's view could not be loaded.
  'stepLoadFailed.retry': 'Try again',
  'configError.heading': 'Sign-in is not available',
  'configError.intro': 'This page is missing part of its configuration:',
  // A variable the build lacks (`ConfigProblem` with reason `missing`; others show their message).
  'configError.missing': '{variable} is missing.',
  'configError.outro': 'If you run this site, set the variables above and rebuild the app.',
  'languageMenu.label': 'Language',
} as const

/** Every English text of the page: the first load's and the lazily loaded steps'. */
export type EnglishTexts = typeof en & typeof enLaterSteps

/** A key of the catalogue. */
export type MessageKey = keyof EnglishTexts

/**
 * The texts of the document's head and `<noscript>`, which no view renders: the build writes
 * them into each locale's prerendered page, and a switch of language updates the description.
 * Apart from `en` so the first load does not carry them; translated like every other key.
 */
export const enDocument = {
  'meta.description': 'Sign in to your Mapping Platform account.',
  noscript:
    'JavaScript is turned off in your browser. Please turn it on to sign in to your account.',
} as const

/** A key of {@link enDocument}. */
export type DocumentKey = keyof typeof enDocument
