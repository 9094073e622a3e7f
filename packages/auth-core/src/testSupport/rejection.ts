import { expect } from 'vitest'
import { AuthError } from '../errors/authError'

/** What `promise` rejected with, asserted to be an {@link AuthError}; fails if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AuthError)
  return error as AuthError
}
