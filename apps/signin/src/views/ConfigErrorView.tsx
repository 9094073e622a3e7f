import type { ConfigProblem } from '@mapping-platform/auth-core'
import { messages } from '../messages'

/** What the page shows when its build-time configuration is missing or malformed. */
export function ConfigErrorView({ problems }: { readonly problems: readonly ConfigProblem[] }) {
  return (
    <div className="config-error" role="alert">
      <h1 className="step__heading">{messages.configError.heading}</h1>
      <p className="step__lede">{messages.configError.intro}</p>
      <ul className="config-error__list">
        {problems.map((problem) => (
          <li key={`${problem.variable}:${problem.reason}`}>{problem.message}</li>
        ))}
      </ul>
      <p className="step__hint">{messages.configError.outro}</p>
    </div>
  )
}
