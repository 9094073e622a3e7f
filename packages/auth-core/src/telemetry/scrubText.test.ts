import { describe, expect, it } from 'vitest'
import { FILTERED, replaceSecrets, scrubText } from './scrubText'

const JWT =
  'eyJraWQiOiJwRUZqcHFBb3NEcFl6N2xJWWxBWHBhS05ENEttaDVhQ0ljTW5COGxsSzFFIiwiYWxnIjoiUlMyNTYifQ.eyJzdWIiOiIwMHUzcDk3eDVtbnJYaHNpTjBnNyJ9.CPVmRtBGKLNUDfQ4uINhf9b8rVbb4IuYEMmOPhbHAOVN'

describe('scrubText', () => {
  it.each([
    [
      'an absolute URL query',
      'GET https://login.example.com/v1/authorize?sessionToken=abc failed',
      'GET https://login.example.com/v1/authorize failed',
    ],
    [
      'an absolute URL fragment',
      'at https://signin.example.com/#code=abc&state=xyz.',
      'at https://signin.example.com/',
    ],
    ['a quoted URL', `"https://a.example/p?state=xyz"`, `"https://a.example/p"`],
    [
      'a relative URL with a fragment',
      'from /callback#code=abc&state=xyz to /',
      'from /callback to /',
    ],
    ['a relative root URL with a query', 'url=/?code=abc', 'url=/'],
    ['a bare fragment', '#code=abc&state=xyz', ''],
    [
      'a sensitive name=value in text',
      'retry with code=QnowT and x=1',
      `retry with code=${FILTERED} and x=1`,
    ],
    [
      'several sensitive pairs',
      'stateToken=00abc;passCode=12',
      `stateToken=${FILTERED};passCode=${FILTERED}`,
    ],
    [
      'a JSON body in a message',
      'body {"password":"hunter2","user":"x"}',
      `body {"password":"${FILTERED}","user":"x"}`,
    ],
    ['a JSON number', '{"passCode": 1234}', `{"passCode": "${FILTERED}"}`],
    ['a bearer value', 'Authorization: Bearer abc.def-ghi', `Authorization: Bearer ${FILTERED}`],
    ['a DPoP value', 'DPoP xyz', `DPoP ${FILTERED}`],
    ['a JWT', `token ${JWT} rejected`, `token ${FILTERED} rejected`],
    ['a JWT without a signature', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', FILTERED],
    [
      'an email address',
      'user jane.doe+x@mail.example.org not found',
      `user ${FILTERED} not found`,
    ],
    [
      'a long base64url run',
      'state N2pP0_tHGkq-8yVQ3xk4ZJm6bXzA1cWdE5fRgTh7sLu',
      `state ${FILTERED}`,
    ],
    ['exactly 32 base64url characters', 'a'.repeat(32), FILTERED],
    ['a six-digit code', 'code 482913 rejected', `code ${FILTERED} rejected`],
    ['a six-digit code between letters', 'x482913y', `x${FILTERED}y`],
  ])('removes %s', (_name, input, expected) => {
    expect(scrubText(input, [])).toBe(expected)
  })

  it.each([
    ['a plain message', 'Email or password are incorrect, please try again.'],
    ['an error code', 'AuthError: invalid_credentials (E0000004)'],
    ['a hash step and an issue number', 'Issue #123 on #sign-in'],
    ['five and seven digits', 'HTTP 401 after 12345 ms, id 1234567'],
    ['a 31-character run', 'a'.repeat(31)],
    ['a non-sensitive pair', 'retry x=1&y=2'],
    ['a non-sensitive JSON pair', '{"status":"MFA_REQUIRED"}'],
    ['the status_code pair', 'status_code=401'],
    ['a timestamp', '2024-07-03T10:20:30.123Z'],
  ])('keeps %s', (_name, input) => {
    expect(scrubText(input, [])).toBe(input)
  })

  it('in codeLocation mode keeps long identifiers and hashed names, but still cuts URL queries', () => {
    const name =
      'https://signin.example.com/assets/index-4f3a2b1c9d8e7f6a5b4c3d2e1f0a9b8c123456.js?v=eyJh.eyJi.c'
    expect(scrubText(name, [], 'codeLocation')).toBe(
      'https://signin.example.com/assets/index-4f3a2b1c9d8e7f6a5b4c3d2e1f0a9b8c123456.js',
    )
    expect(scrubText('handleAuthorizationCodeCallbackResponseNow', [], 'codeLocation')).toBe(
      'handleAuthorizationCodeCallbackResponseNow',
    )
  })
})

describe('replaceSecrets', () => {
  it('removes every exact occurrence, raw and URL-encoded', () => {
    const secret = 'Jane Doe+1@x'
    const text = `a ${secret} b ${encodeURIComponent(secret)} c ${new URLSearchParams({ q: secret }).toString().slice(2)}`
    expect(replaceSecrets(text, [secret])).toBe(`a ${FILTERED} b ${FILTERED} c ${FILTERED}`)
  })

  it('replaces the longest secret first and ignores empty ones', () => {
    expect(replaceSecrets('abcdef', ['', 'abc', 'abcdef'])).toBe(FILTERED)
    expect(replaceSecrets('abc', [''])).toBe('abc')
  })
})
