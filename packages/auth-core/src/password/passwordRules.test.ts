import { describe, expect, it } from 'vitest'
import type { PasswordComplexity } from '../authn/authn.types'
import { meetsPasswordRule, newPasswordProblem, passwordRules } from './passwordRules'

/** The policy of the recorded PASSWORD_EXPIRED fixture. */
const FIXTURE: PasswordComplexity = {
  minLength: 8,
  minLowerCase: 1,
  minUpperCase: 1,
  minNumber: 1,
  minSymbol: 1,
  excludeUsername: true,
  excludeAttributes: ['firstName', 'lastName'],
}
const INCA = { login: 'inca@clouditude.net', firstName: 'Inca-Louise', lastName: "O'Rain Dum" }

describe('passwordRules', () => {
  it('lists the rules that apply, in checklist order, leaving out 0 and false', () => {
    expect(passwordRules(FIXTURE).map((rule) => rule.id)).toEqual([
      'minLength',
      'minLowerCase',
      'minUpperCase',
      'minNumber',
      'minSymbol',
      'excludeUsername',
      'excludeFirstName',
      'excludeLastName',
    ])
    expect(
      passwordRules({ ...FIXTURE, minSymbol: 0, excludeUsername: false, excludeAttributes: [] }),
    ).toEqual([
      { id: 'minLength', count: 8 },
      { id: 'minLowerCase', count: 1 },
      { id: 'minUpperCase', count: 1 },
      { id: 'minNumber', count: 1 },
    ])
  })

  it('checks each rule: code points for length, ASCII classes, names ignoring case', () => {
    const meets = (id: string, password: string, count = 1) =>
      meetsPasswordRule({ id, count } as never, password, INCA)
    expect(meets('minLength', '🔑🔑🔑', 3)).toBe(true)
    expect(meets('minLength', 'abc', 4)).toBe(false)
    expect(meets('minLowerCase', 'ABC')).toBe(false)
    expect(meets('minUpperCase', 'abC')).toBe(true)
    expect(meets('minNumber', 'abc')).toBe(false)
    expect(meets('minSymbol', 'ab c')).toBe(true)
    expect(meets('excludeUsername', 'myINCA-pass')).toBe(false)
    expect(meets('excludeFirstName', 'inca-louise!')).toBe(false)
    expect(meets('excludeLastName', 'Fresh-1')).toBe(true)
    expect(meetsPasswordRule({ id: 'excludeUsername' }, 'inca', null)).toBe(true)
  })
})

describe('newPasswordProblem', () => {
  it('names the first unmet rule, then a differing confirmation, else nothing', () => {
    expect(newPasswordProblem(FIXTURE, INCA, 'Ab1!', 'Ab1!')).toBe('new_password_too_short')
    expect(newPasswordProblem(FIXTURE, INCA, 'abcdefg1!', 'abcdefg1!')).toBe(
      'new_password_too_simple',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Inca-rules-1', 'Inca-rules-1')).toBe(
      'new_password_contains_name',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Fresh-start-1', 'Fresh-start-2')).toBe(
      'new_password_mismatch',
    )
    expect(newPasswordProblem(FIXTURE, INCA, 'Fresh-start-1', 'Fresh-start-1')).toBeNull()
  })

  it('without a policy: only an empty password or a differing confirmation is refused', () => {
    expect(newPasswordProblem(null, null, '', '')).toBe('new_password_too_short')
    expect(newPasswordProblem(null, null, 'x', 'y')).toBe('new_password_mismatch')
    expect(newPasswordProblem(null, null, 'x', 'x')).toBeNull()
  })
})
