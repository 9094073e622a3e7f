import type { SessionLock } from './session.types'

/**
 * A {@link SessionLock} for one JavaScript realm: tasks under the same name run one after the
 * other, in call order, whether earlier ones resolve or reject. The default when no cross-tab
 * lock (Web Locks) is available; tests share one between two session objects to play two tabs.
 * @see https://w3c.github.io/web-locks/#api-lock-manager-request (the cross-tab equivalent)
 */
export function createMemoryLock(): SessionLock {
  const tails = new Map<string, Promise<void>>()
  return async <T>(name: string, task: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve()
    const run = previous.then(() => task())
    const tail = run.then(ignore, ignore)
    tails.set(name, tail)
    try {
      return await run
    } finally /* Stryker disable next-line BlockStatement: without the clean-up the map keeps an already settled tail, which delays nothing */ {
      // Stryker disable next-line ConditionalExpression: (false) as above; (true) is killed by the third-task test
      if (tails.get(name) === tail) tails.delete(name)
    }
  }
}

function ignore(): void {}
