import type { ReactNode } from 'react'
import { useSession } from './useSession'

/** Renders its children only while someone is signed in. */
export function SignedIn(props: { readonly children?: ReactNode }): ReactNode {
  return useSession().status === 'signedIn' ? props.children : null
}
