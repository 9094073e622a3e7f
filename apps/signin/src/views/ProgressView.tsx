import { Spinner } from '../components/Spinner'

/**
 * A calm, centred status while the page waits, redirects or exchanges the code. The status text
 * is the page's level-one heading: it is all the page says at that moment, and the page's status
 * region announces it when it replaces another heading.
 */
export function ProgressView({ text }: { readonly text: string }) {
  return (
    <div className="progress">
      <Spinner />
      <h1 className="progress__text">{text}</h1>
    </div>
  )
}
