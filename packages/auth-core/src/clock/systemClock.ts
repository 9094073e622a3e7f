/**
 * The system clock in epoch milliseconds: the default `now` of a session and of the server
 * entry's token checks. The one place in auth-core that reads the clock; everything else receives
 * it as an argument.
 * @see https://tc39.es/ecma262/#sec-date.now
 */
export function systemClock(): number {
  // eslint-disable-next-line no-restricted-properties -- the injectable default clock itself; tests pass `now`
  return Date.now()
}
