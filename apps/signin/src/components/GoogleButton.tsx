import { messages } from '../messages'
import { GoogleLogo } from './Icons'

/** "Sign in with Google", after Google's branding guidelines: a neutral button with the "G" mark. */
export function GoogleButton({ onClick }: { readonly onClick: () => void }) {
  return (
    <button type="button" className="button button--google" onClick={onClick}>
      <GoogleLogo />
      <span>{messages.email.google}</span>
    </button>
  )
}
