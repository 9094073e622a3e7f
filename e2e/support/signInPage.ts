/**
 * The sign-in page as a person uses it, by the specification's own texts (roles and labels, never
 * CSS classes), plus the demo sub-site where a successful sign-in ends.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { errorMessages } from '../../packages/auth-core/src/errors/errorMessages.ts'
import { ORIGINS } from './env'
import type { SecretCorpus } from './secrets'

/** auth-core's user-facing messages (the specification's wording where it gives one). */
export const MESSAGES = errorMessages

/** The texts of the specification that the tests look for. */
export const TEXTS = {
  title: 'Sign in to your account',
  codeHeading: 'Enter verification code',
  codeInstruction: 'Enter the 6-digit code from your authenticator app',
  verify: 'Verify',
  verifying: 'Verifying...',
  factorHeading: 'Set up multi-factor authentication',
  factorInstruction: 'Choose an authenticator app to continue',
  qrHeading: 'Scan the QR code',
  sameDevice: 'Add to an authenticator app on this device',
  oktaVerify: 'Okta Verify',
  googleAuthenticator: 'Google Authenticator',
} as const

export interface Account {
  readonly email: string
  readonly password: string
}

export const ACCOUNTS = {
  pat: { email: 'pat.password@example.com', password: 'Password-only-1' },
  tess: { email: 'tess.totp@example.com', password: 'Totp-enrolled-1' },
  nia: { email: 'nia.enroll@example.com', password: 'Enroll-needed-1' },
  dana: { email: 'dana.denied@example.com', password: 'Denied-access-1' },
  lou: { email: 'lou.locked@example.com', password: 'Locked-out-1' },
  pia: { email: 'pia.expired@example.com', password: 'Password-expired-1' },
  ray: { email: 'ray.ratelimit@example.com', password: 'Any-password-1' },
  ali: { email: 'ali.adminlocked@example.com', password: 'Locked-admin-1' },
  remy: { email: 'remy.remember@example.com', password: 'Remember-device-1' },
  sam: { email: 'sam.slow@example.com', password: 'Slow-provider-1' },
  gina: { email: 'gina.google@example.com', password: '' },
  uma: { email: 'uma.unknown@example.com', password: '' },
} satisfies Record<string, Account>

export class SignInPage {
  constructor(
    readonly page: Page,
    private readonly secrets: SecretCorpus,
  ) {}

  get email(): Locator {
    return this.page.getByLabel('Email', { exact: true })
  }
  get next(): Locator {
    return this.page.getByRole('button', { name: 'Next', exact: true })
  }
  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true })
  }
  get reveal(): Locator {
    return this.page.getByRole('button', { name: 'Show password' })
  }
  get signIn(): Locator {
    return this.page.getByRole('button', { name: 'Sign in', exact: true })
  }
  get google(): Locator {
    return this.page.getByRole('button', { name: 'Sign in with Google' })
  }
  get forgotPassword(): Locator {
    return this.page.getByRole('button', { name: 'Forgot password' })
  }
  /** The six code boxes of the current code entry. */
  get codeBoxes(): Locator {
    return this.page.getByRole('textbox', { name: /^Digit [1-6] of 6$/ })
  }
  get verify(): Locator {
    return this.page.getByRole('button', { name: /^(Verify|Verifying\.\.\.)$/ })
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 })
  }
  /**
   * The step's visible error with this text. (The page announces it through its own alert region;
   * the visible error is linked to its field with `aria-describedby`.)
   */
  error(text: string): Locator {
    return this.anyError.filter({ hasText: text })
  }
  /** Every visible error or hint of the step. */
  get anyError(): Locator {
    return this.page.locator('main .alert, main .field__hint--error')
  }

  async goto(path = '/'): Promise<void> {
    await this.page.goto(`${ORIGINS.app}${path}`)
    await expect(this.page).toHaveTitle(TEXTS.title)
  }

  /** From the email step to Google's account chooser. */
  async openGoogle(): Promise<void> {
    await this.goto()
    await this.google.click()
    await this.page.waitForURL((url) => url.origin === ORIGINS.google)
    await expect(this.page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  }

  async enterEmail(email: string): Promise<void> {
    this.secrets.add(email, 'email')
    await this.email.fill(email)
    await this.next.click()
    await expect(this.password).toBeVisible()
  }

  async typePassword(password: string): Promise<void> {
    this.secrets.add(password, 'password')
    await this.password.fill(password)
  }

  /** Email, Next, password, Sign in. */
  async signInWithPassword(account: Account): Promise<void> {
    await this.goto()
    await this.enterEmail(account.email)
    await this.typePassword(account.password)
    await this.signIn.click()
  }

  /** Types `code` into the boxes from the first one (the last digit submits by itself). */
  async typeCode(code: string): Promise<void> {
    this.secrets.add(code, 'passCode')
    await this.codeBoxes.first().pressSequentially(code)
  }

  async expectCodeStep(): Promise<void> {
    await expect(this.heading).toHaveText(TEXTS.codeHeading)
    await expect(this.page.getByText(TEXTS.codeInstruction)).toBeVisible()
    await expect(this.page).toHaveURL(/#verify$/)
  }

  /** The email step showing `message` as its error. */
  async expectEmailStepError(message: string): Promise<void> {
    await expect(this.error(message)).toHaveText(message)
    await expect(this.email).toBeVisible()
    expect(new URL(this.page.url()).hash).toBe('')
  }

  /** Digits in the boxes, in order. */
  async codeValue(): Promise<string> {
    return (
      await this.codeBoxes.evaluateAll((boxes) =>
        boxes.map((box) => (box as HTMLInputElement).value),
      )
    ).join('')
  }
}

/** The demo sub-site: where it is, and who it says is signed in. */
export async function expectSignedInOnSubsite(
  page: Page,
  email: string,
  subsite: string = ORIGINS.defaultSubsite,
): Promise<void> {
  await page.waitForURL(`${ORIGINS.subsite(subsite)}/`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(email)
}

/** Signs in as Tess (TOTP enrolled) up to the code step; resolves with her TOTP secret. */
export async function toCodeStep(
  app: SignInPage,
  controls: { account(email: string): Promise<{ totpSecret?: string }> },
): Promise<string> {
  const tess = await controls.account(ACCOUNTS.tess.email)
  await app.signInWithPassword(ACCOUNTS.tess)
  await app.expectCodeStep()
  return tess.totpSecret!
}
