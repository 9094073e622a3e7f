import { describe, expect, it } from 'vitest'
import { scrubUrl } from './scrubUrl'

describe('scrubUrl', () => {
  it.each([
    [
      'https://login.example.com/oauth2/default/v1/authorize?sessionToken=20111h0Zlxj&state=xyz',
      'https://login.example.com/oauth2/default/v1/authorize',
    ],
    ['https://signin.example.com/#code=abc&state=xyz', 'https://signin.example.com/'],
    ['https://signin.example.com', 'https://signin.example.com/'],
    ['https://jane:hunter2@signin.example.com/p?x=1', 'https://signin.example.com/p'],
    ['HTTP://Signin.Example.com:8080/cb?code=1#f', 'http://signin.example.com:8080/cb'],
    ['http://localhost:3000/?code=1', 'http://localhost:3000/'],
    ['  https://a.example/p?x=1', 'https://a.example/p'],
    ['https://[bad/p?code=1', 'https://[bad/p'],
    ['/#code=abc&state=xyz', '/'],
    ['/callback#code=abc&state=xyz', '/callback'],
    ['/?code=abc', '/'],
    ['/a/b?x=1#y', '/a/b'],
    ['//cdn.example/p?sig=1', '//cdn.example/p'],
    ['?code=abc', ''],
    ['#code=abc', ''],
    ['/', '/'],
    ['/callback', '/callback'],
  ])('%s → %s', (input, expected) => {
    expect(scrubUrl(input)).toBe(expected)
  })

  it.each([
    [''],
    ['not a url'],
    ['Error: failed'],
    ['javascript:alert(1)'],
    ['ftp://files.example/x?y'],
    ['sign-in'],
  ])('leaves the non-http string %j unchanged', (input) => {
    expect(scrubUrl(input)).toBe(input)
  })
})
