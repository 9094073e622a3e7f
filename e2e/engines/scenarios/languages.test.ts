/**
 * A German and an Arabic session, each by the browser's own language preference: the page
 * negotiates it, the password path (German) and the MFA path (Arabic, right to left with the code
 * boxes kept left to right) complete in that language; the language menu lists every language.
 */
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import { ACCOUNTS, expectSignedIn, HEADING } from '../flows'
import { useEngine } from '../harness'
import { button, field, named } from '../tab'
import { textsOf } from '../../support/locales'

const run = useEngine()

test('German: the page in German, the password path signs in', async () => {
  const de = textsOf('de')
  const tab = await run.open({ locales: ['de-DE', 'de'] })
  await tab.goto(`${ORIGINS.app}/`)
  await tab.text(HEADING, de['email.heading']!)
  expect(await tab.evaluate(() => document.documentElement.lang, null)).toBe('de')
  await tab.fill(field(de['email.label']!), ACCOUNTS.pat.email)
  await tab.click(button(de['email.next']!))
  await tab.text(HEADING, de['password.heading']!)
  await tab.fill(field(de['password.label']!), ACCOUNTS.pat.password)
  await tab.click(button(de['password.submit']!))
  await expectSignedIn(tab, ACCOUNTS.pat.email)
})

test('Arabic: right to left, the code boxes left to right, the MFA path signs in', async () => {
  const ar = textsOf('ar')
  const tess = await run.platform.controls.account(ACCOUNTS.tess.email)
  const tab = await run.open({ locales: ['ar'] })
  await tab.goto(`${ORIGINS.app}/`)
  await tab.text(HEADING, ar['email.heading']!)
  expect(await tab.evaluate(() => document.documentElement.dir, null)).toBe('rtl')
  await tab.fill(field(ar['email.label']!), ACCOUNTS.tess.email)
  await tab.press('Enter')
  await tab.fill(field(ar['password.label']!), ACCOUNTS.tess.password)
  await tab.press('Enter')
  await tab.text(HEADING, ar['code.heading']!)
  const layout = await tab.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll('.code-boxes input'))
    return {
      firstLeftOfLast: boxes[0]!.getBoundingClientRect().x < boxes[5]!.getBoundingClientRect().x,
      page: getComputedStyle(document.querySelector('main')!).direction,
      boxes: getComputedStyle(document.querySelector('.code-boxes')!).direction,
    }
  }, null)
  expect(layout).toEqual({ firstLeftOfLast: true, page: 'rtl', boxes: 'ltr' })
  // Latin digits in every engine (apps/signin/src/i18n/numberLocale.ts): WebKitGTK's ICU 72 wrote
  // a bare `ar` with Arabic-Indic digits ("الرقم ١ من ٦") where Chromium and Firefox write Latin.
  await tab.focusIs(ar['code.digitLabel']!.replace('{position}', '1').replace('{total}', '6'))
  await tab.type(run.totp.code(tess.totpSecret!))
  await expectSignedIn(tab, ACCOUNTS.tess.email)
})

test('the language menu switches the page in place and keeps the typed email', async () => {
  const de = textsOf('de')
  const tab = await run.open()
  await tab.goto(`${ORIGINS.app}/`)
  await tab.fill(field('Email'), ACCOUNTS.pat.email)
  // Chosen with the keyboard, as the native menu allows in every engine: focus it and type.
  await tab.click(named('select', 'Language'))
  await tab.press('Escape')
  await tab.type('Deutsch')
  await tab.text(HEADING, de['email.heading']!)
  expect(await tab.evaluate(() => document.querySelector('input')!.value, null)).toBe(
    ACCOUNTS.pat.email,
  )
})
