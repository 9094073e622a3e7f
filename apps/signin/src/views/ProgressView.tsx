import { Spinner } from '../components/Spinner'

/** A calm, centred status while the page waits, redirects or exchanges the code. */
export function ProgressView({ text }: { readonly text: string }) {
  return (
    <div className="progress" role="status" aria-live="polite">
      <Spinner />
      <p className="progress__text">{text}</p>
    </div>
  )
}
