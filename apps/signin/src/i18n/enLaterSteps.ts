/**
 * The English texts of the steps that load lazily (code, factor choice, QR, expired password,
 * locked, unlock sent, remember device, already signed in): part of the English catalogue
 * (`en.ts`, whose `MessageKey` includes these keys), apart so they load with those steps' views
 * instead of in the first load. Every view and component that shows one imports this module, and
 * loading it hands the texts to every translator (`addEnglishTexts`) before any of them renders.
 * Translations keep every key in one file per locale, as before.
 */
import { addEnglishTexts } from './translator'

export const enLaterSteps = {
  'code.heading': 'Enter verification code',
  'code.instruction': 'Enter the 6-digit code from your authenticator app',
  'code.submit': 'Verify',
  'code.verifying': 'Verifying...',
  'code.digitLabel': 'Digit {position} of {total}',
  'factorChoice.heading': 'Set up multi-factor authentication',
  'factorChoice.instruction': 'Choose an authenticator app to continue',
  'factorChoice.settingUp': 'Setting up…',
  'factorChoice.providers.OKTA.name': 'Okta Verify',
  'factorChoice.providers.OKTA.description': 'Okta’s authenticator app for iPhone and Android',
  'factorChoice.providers.GOOGLE.name': 'Google Authenticator',
  'factorChoice.providers.GOOGLE.description': 'Google’s authenticator app for iPhone and Android',
  'qr.heading': 'Scan the QR code',
  'qr.instruction': 'Open {app} on your phone, add an account and scan this code.',
  'qr.alt': 'QR code to add your account to {app}',
  'qr.sameDevice': 'Add to an authenticator app on this device',
  'qr.manualHeading': 'Can’t scan it?',
  'qr.manualInstruction': 'Enter this key in the app instead:',
  'qr.secretLabel': 'Setup key: {key}',
  'qr.copy': 'Copy key',
  'qr.copied': 'Copied',
  'qr.copyFailed': 'Could not copy. Select the key and copy it instead.',
  'passwordExpired.heading': 'Your password has expired',
  'passwordExpired.intro': 'Choose a new password to finish signing in.',
  'passwordExpired.currentLabel': 'Current password',
  'passwordExpired.newLabel': 'New password',
  'passwordExpired.confirmLabel': 'Confirm new password',
  'passwordExpired.rulesHeading': 'Your new password needs',
  // Counted rules: plural forms, picked with `plural(translator, 'passwordExpired.rules.minLength', n)`.
  'passwordExpired.rules.minLength.one': 'At least {count} character',
  'passwordExpired.rules.minLength.other': 'At least {count} characters',
  'passwordExpired.rules.minLowerCase.one': 'At least {count} lowercase letter',
  'passwordExpired.rules.minLowerCase.other': 'At least {count} lowercase letters',
  'passwordExpired.rules.minUpperCase.one': 'At least {count} uppercase letter',
  'passwordExpired.rules.minUpperCase.other': 'At least {count} uppercase letters',
  'passwordExpired.rules.minNumber.one': 'At least {count} number',
  'passwordExpired.rules.minNumber.other': 'At least {count} numbers',
  'passwordExpired.rules.minSymbol.one': 'At least {count} symbol',
  'passwordExpired.rules.minSymbol.other': 'At least {count} symbols',
  'passwordExpired.rules.excludeUsername': 'No part of your email address',
  'passwordExpired.rules.excludeFirstName': 'Not your first name',
  'passwordExpired.rules.excludeLastName': 'Not your last name',
  'passwordExpired.ruleMet': 'done',
  'passwordExpired.ruleNotMet': 'not yet',
  'passwordExpired.ruleMetAnnouncement': 'Done: {rule}',
  'passwordExpired.allRulesMet': 'Your new password meets every rule.',
  'passwordExpired.confirmMismatch': 'The two new passwords are not the same.',
  'passwordExpired.submit': 'Change password',
  'passwordExpired.submitting': 'Changing password…',
  'passwordExpired.cancel': 'Back to sign in',
  'locked.heading': 'Your account is locked',
  'locked.intro':
    'Too many sign-in attempts locked your account. We can email you a link that unlocks it.',
  'locked.adminIntro':
    'Too many sign-in attempts locked your account. Please contact your administrator to unlock it.',
  'locked.unlock': 'Unlock account',
  'locked.sending': 'Sending…',
  'locked.back': 'Back to sign in',
  'unlockSent.heading': 'Check your email',
  'unlockSent.body':
    'If {email} belongs to an account that can be unlocked, we have sent it an email with a link to unlock it.',
  'unlockSent.next': 'Open the link, then sign in again.',
  'unlockSent.back': 'Back to sign in',
  // {lifetime}: `formatLifetime` (i18n/formats.ts), e.g. "30 days", worded by Intl.
  'rememberDevice.forLifetime': 'Don’t ask for a code on this device for {lifetime}',
  'rememberDevice.always': 'Don’t ask for a code on this device again',
  'signedIn.headingAs': 'You’re signed in as {who}',
  'signedIn.heading': 'You’re already signed in',
  'signedIn.intro': 'Continue to the platform, or sign out first to use a different account.',
  'signedIn.continue': 'Continue',
  'signedIn.switchAccount': 'Sign in with a different account',
  'signedIn.signingOut': 'Signing you out…',
} as const

addEnglishTexts(enLaterSteps)
