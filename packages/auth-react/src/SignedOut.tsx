import type { ReactNode } from 'react'
import { useSession } from './useSession'

/**
 * Renders its children only while no one is signed in: not while loading, not while signing out
 * (a sign-in button must not flash on the way out), not on an error.
 */
export function SignedOut(props: { readonly children?: ReactNode }): ReactNode {
  return useSession().status === 'signedOut' ? props.children : null
}
