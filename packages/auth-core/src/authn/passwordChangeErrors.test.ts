/**
 * Okta's refusals of `change_password`, in the product's words: its documented E0000014 and
 * E0000080 bodies and the causes seen in the field map to our own codes, never to its text.
 */
import { describe, expect, it } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { rejection } from '../testSupport/rejection'
import { processAuthnResponse } from './processAuthnResponse'

const config = testConfig({ oktaOrgUrl: 'https://login.example.com' })

function refusal(errorCode: string, causes: string[]): Promise<{ code: string }> {
  const body = {
    errorCode,
    errorSummary: 'whatever Okta says',
    errorLink: errorCode,
    errorId: 'oaeX',
    errorCauses: causes.map((errorSummary) => ({ errorSummary })),
  }
  return rejection(
    processAuthnResponse(config, new Response(JSON.stringify(body), { status: 403 })),
  )
}

describe('a refused change of password', () => {
  it.each([
    // Okta's documented answers (Authn API, change password)
    [
      'E0000014',
      'oldPassword: The credentials provided were incorrect.',
      'current_password_incorrect',
    ],
    [
      'E0000080',
      'Passwords must have at least 8 characters, a lowercase letter, an uppercase letter, a number, no parts of your username',
      'new_password_rejected',
    ],
    // Causes that name one kind of rule, or the password history
    ['E0000014', 'password: Password has been used too recently', 'new_password_reused'],
    ['E0000080', 'Password cannot be your current password', 'new_password_reused'],
    ['E0000080', 'Password requirements: at least 12 characters.', 'new_password_too_short'],
    ['E0000080', 'Password requirements: a symbol.', 'new_password_too_simple'],
    ['E0000080', 'Password requirements: no parts of your username.', 'new_password_contains_name'],
    ['E0000014', 'Update of credentials failed', 'new_password_rejected'],
  ])('%s “%s” is %s', async (errorCode, cause, code) => {
    expect((await refusal(errorCode, [cause])).code).toBe(code)
  })

  it('E0000119 (locked, contact your administrator) is unlock_not_allowed', async () => {
    expect((await refusal('E0000119', [])).code).toBe('unlock_not_allowed')
  })
})
