/**
 * Enrolment in the run's engine: the factor choice, the QR image (fetched as served, decoded)
 * and the shared secret shown agree; the code from that secret activates and signs in.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { RUN_DIR } from '../../support/env'
import { rawRequest } from '../../support/http'
import { decodeQrPng } from '../../support/qr'
import { ACCOUNTS, expectSignedIn, HEADING, signInWithPassword, TEXTS } from '../flows'
import { useEngine } from '../harness'
import { button, named, waitFor } from '../tab'

const run = useEngine()

for (const name of [TEXTS.oktaVerify, TEXTS.googleAuthenticator])
  test(`${name}: QR and secret agree, the code activates, signed in`, async () => {
    const tab = await run.open()
    await signInWithPassword(tab, ACCOUNTS.nia)
    await tab.text(HEADING, TEXTS.factorHeading)
    await tab.click(button(new RegExp(`^${name}`)))
    await tab.text(HEADING, TEXTS.qrHeading)

    const shown = (await tab.textOf('main code')).replace(/\s+/g, '')
    expect(shown).toMatch(/^[A-Z2-7]{16,}$/)
    const qr = await waitFor(
      'the QR image, loaded',
      () =>
        tab.evaluate(() => {
          const image = document.querySelector<HTMLImageElement>('main img[alt*="QR"]')
          return image?.complete && image.naturalWidth > 0 ? image.src : null
        }, null),
      (src) => src !== null,
    )
    const png = await rawRequest(qr!, { ca: readFileSync(join(RUN_DIR, 'tls', 'ca.crt')) })
    const uri = new URL(decodeQrPng(png.body))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.searchParams.get('secret')).toBe(shown)
    expect(decodeURIComponent(uri.pathname)).toContain(ACCOUNTS.nia.email)

    // A desktop with a mouse has no authenticator app to take the otpauth:// link.
    await tab.hidden(named('a', TEXTS.sameDevice))

    await tab.type(run.totp.code(shown))
    await expectSignedIn(tab, ACCOUNTS.nia.email)
    const nia = await run.platform.controls.account(ACCOUNTS.nia.email)
    expect(nia.enrolledFactors).toEqual([expect.objectContaining({ secret: shown })])
  })
