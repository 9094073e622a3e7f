/**
 * Every screen of the main paths in the run's engine, light and dark, on a desktop and on a
 * phone: each is reached, fits its viewport without sideways scrolling, and is saved for looking
 * at side by side with the other engines: `test-results/screens/<engine>/<screen>-<scheme>-<layout>.png`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import type { SessionOptions } from '../driver'
import {
  ACCOUNTS,
  EMAIL,
  ERRORS,
  expectSignedIn,
  HEADING,
  MESSAGES,
  NEXT,
  openSignIn,
  PASSWORD,
  SIGN_IN,
  signInWithPassword,
  TEXTS,
  toCodeStep,
} from '../flows'
import { useEngine } from '../harness'
import { button, waitFor, type Tab } from '../tab'

const run = useEngine()
const OUT = fileURLToPath(
  new URL(`../../test-results/screens/${run.driver.name}/`, import.meta.url),
)

const VARIANTS: Record<string, SessionOptions> = {
  'light-desktop': { colorScheme: 'light', viewport: { width: 1280, height: 800 } },
  'dark-desktop': { colorScheme: 'dark', viewport: { width: 1280, height: 800 } },
  'light-phone': { colorScheme: 'light', viewport: { width: 390, height: 844 } },
  'dark-phone': { colorScheme: 'dark', viewport: { width: 390, height: 844 } },
}

/**
 * Saves the screen once its images are decoded and transitions have ended, and checks it fits its
 * width. (WebKit's first QR-step shots showed an empty white square: the shot was taken before
 * Okta's QR image had arrived.)
 */
async function shoot(tab: Tab, variant: string, screen: string): Promise<void> {
  await waitFor(
    'every image loaded',
    () =>
      tab.evaluate(
        () =>
          Promise.all(Array.from(document.images).map((image) => image.decode())).then(
            () => true,
            () => false,
          ),
        null,
      ),
    (loaded) => loaded,
    10_000,
  )
  await tab.evaluate(
    () =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ])
        // Two frames: the shot shows a rendering of the current DOM. (WebKit's signed-in shot
        // once showed the page's `Loading…` while Continue already had focus.)
        .then(
          () =>
            new Promise((resolve) => {
              requestAnimationFrame(() => requestAnimationFrame(resolve))
              setTimeout(resolve, 1000)
            }),
        )
        .then(() => undefined),
    null,
  )
  const overflow = await tab.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    null,
  )
  expect(overflow, `${variant} ${screen}: sideways scrolling`).toBeLessThanOrEqual(0)
  mkdirSync(OUT, { recursive: true })
  const name = `${screen.replace(/[^a-z0-9]+/gi, '-')}-${variant}.png`
  writeFileSync(join(OUT, name), await tab.page.screenshot())
}

for (const [variant, options] of Object.entries(VARIANTS))
  test(`screens, ${variant}`, async () => {
    const tab = await run.open(options)
    await openSignIn(tab)
    await shoot(tab, variant, 'email')
    await tab.fill(EMAIL, 'not-an-email')
    await tab.press('Enter')
    await tab.sees('Enter an email address like name@example.com.')
    await shoot(tab, variant, 'email with an invalid address')

    await openSignIn(tab)
    await tab.fill(EMAIL, ACCOUNTS.pat.email)
    await tab.click(NEXT)
    await tab.visible(PASSWORD)
    await shoot(tab, variant, 'password')
    await tab.fill(PASSWORD, 'Wrong-password-1')
    await tab.click(button('Show password'))
    await shoot(tab, variant, 'password revealed')
    await tab.click(SIGN_IN)
    await tab.text(ERRORS, MESSAGES.invalid_credentials)
    await shoot(tab, variant, 'email with an error')

    await tab.goto('about:blank')
    const secret = await toCodeStep(tab, run.platform.controls)
    await shoot(tab, variant, 'code')
    await tab.type(run.totp.wrongCode(secret))
    await tab.text(ERRORS, MESSAGES.mfa_verification_failed)
    await shoot(tab, variant, 'code with an error')

    await tab.goto('about:blank')
    await signInWithPassword(tab, ACCOUNTS.nia)
    await tab.text(HEADING, TEXTS.factorHeading)
    await shoot(tab, variant, 'factor choice')
    await tab.click(button(new RegExp(`^${TEXTS.oktaVerify}`)))
    await tab.text(HEADING, TEXTS.qrHeading)
    await shoot(tab, variant, 'QR step')

    await tab.goto('about:blank')
    await signInWithPassword(tab, ACCOUNTS.pat)
    await expectSignedIn(tab, ACCOUNTS.pat.email)
    await tab.goto(`${ORIGINS.app}/`)
    await tab.focusIs('Continue')
    await shoot(tab, variant, 'signed in')
  })
