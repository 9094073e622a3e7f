/**
 * Every key a person presses reaches the page, also when the same key comes twice: a code with a
 * repeated digit, and Backspace twice (one digit once remained in WebKit after two
 * Backspaces). The page was not at fault: webdriverio's `keys([...])` presses every key down
 * before releasing any, and WebKitWebDriver drops a key-down for a key it already holds, so the
 * second Backspace (or the second '1') never reached the page. The WebKit adapter presses and
 * releases each key in turn, as a person types.
 */
import { test } from 'vitest'
import { ACCOUNTS, signInWithPassword } from '../flows'
import type { Controls } from '../../support/platform'
import { useEngine } from '../harness'
import type { Tab } from '../tab'

const run = useEngine()

/** Tess (TOTP enrolled) signed in up to the code step, focus in the first box; her secret. */
async function toCodeStep(tab: Tab, controls: Controls): Promise<string> {
  const { totpSecret } = await controls.account(ACCOUNTS.tess.email)
  await signInWithPassword(tab, ACCOUNTS.tess)
  await tab.focusIs('Digit 1 of 6', 15_000)
  return totpSecret!
}

test('a code with repeated digits, then Backspace twice: each key lands in its box', async () => {
  const tab = await run.open()
  await toCodeStep(tab, run.platform.controls)
  await tab.type('1122')
  await tab.codeIs('1122')
  await tab.press('Backspace')
  await tab.press('Backspace')
  await tab.codeIs('11')
  await tab.focusIs('Digit 3 of 6')
})
