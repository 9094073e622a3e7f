/**
 * The dev platform inside the worker, and a client for its test controls (`/__test/*` on the Okta
 * listener, called directly on 127.0.0.1 in both modes). Sentry envelopes are copied to the run's
 * record before every reset and before every stop, so the final check sees all of them.
 */
import { createHash } from 'node:crypto'
import { startDevPlatform, type DevPlatform } from 'dev-platform/src/devPlatform.ts'
// The controls' vocabulary is the dev platform's own: one definition, checked by the compiler.
import type {
  Envelope,
  FaultMode,
  FaultTarget,
  RequestLogEntry as LoggedRequest,
} from 'dev-platform/src/store.ts'
import type { RateLimitedEndpoint } from 'dev-platform/src/rateLimits.ts'
import { CONTROL_URL, platformOptions } from './env'
import { appendJsonLines, RUN_FILES } from './runFiles'

export type { Envelope, FaultMode, FaultTarget, LoggedRequest }

export interface SeededAccountInfo {
  readonly email: string
  readonly password: string | null
  readonly totpSecret?: string
  readonly locked?: boolean
  readonly enrolledFactors?: readonly { id: string; provider: string; secret?: string }[]
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${CONTROL_URL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

/** The test controls, plus the platform clock's advance (TOTP codes are computed on it). */
export class Controls {
  private clockOffsetMs = 0

  /** Milliseconds since the epoch on the platform's clock. */
  now(): number {
    return Date.now() + this.clockOffsetMs
  }

  async reset(): Promise<void> {
    await call('POST', '/__test/reset')
    this.clockOffsetMs = 0
  }

  /** Every live stateToken expires now. */
  async expireStateTokens(): Promise<void> {
    await call('POST', '/__test/expire-state-tokens')
  }

  /** Moves the platform clock forward (the next TOTP step, expired codes) without waiting. */
  async advanceClock(seconds: number): Promise<void> {
    await call('POST', '/__test/advance-clock', { seconds })
    this.clockOffsetMs += seconds * 1000
  }

  /** The next `times` requests to `target` misbehave as `mode`. */
  async fault(
    target: FaultTarget,
    mode: FaultMode,
    options: { times?: number; delayMs?: number } = {},
  ): Promise<void> {
    await call('POST', '/__test/faults', { target, mode, ...options })
  }

  /**
   * At most `limit` calls to the code steps' `endpoint` per window of `windowSeconds` (real
   * seconds on the platform's clock) until the next reset; over it, Okta's 429 E0000047.
   */
  async rateLimit(
    endpoint: RateLimitedEndpoint,
    rule: { limit: number; windowSeconds?: number },
  ): Promise<void> {
    await call('POST', '/__test/rate-limits', { endpoint, ...rule })
  }

  async requests(): Promise<LoggedRequest[]> {
    return (await call('GET', '/__test/requests')) as LoggedRequest[]
  }

  async clearRequests(): Promise<void> {
    await call('DELETE', '/__test/requests')
  }

  async accounts(): Promise<SeededAccountInfo[]> {
    return (await call('GET', '/__test/accounts')) as SeededAccountInfo[]
  }

  async account(email: string): Promise<SeededAccountInfo> {
    const account = (await this.accounts()).find((candidate) => candidate.email === email)
    if (!account) throw new Error(`no seeded account ${email}`)
    return account
  }

  /** Adds a password-only Okta user until the next reset (`POST /__test/users`). */
  async addUser(email: string, password: string): Promise<void> {
    await call('POST', '/__test/users', { email, password })
  }

  async envelopes(): Promise<Envelope[]> {
    return (await call('GET', '/__test/envelopes')) as Envelope[]
  }
}

/** The worker's dev platform: started on demand, stoppable to show a provider that is down. */
export class PlatformHolder {
  private platform: DevPlatform | null = null
  private readonly recorded = new Set<string>()
  readonly controls = new Controls()

  get running(): boolean {
    return this.platform !== null
  }

  async start(): Promise<void> {
    if (this.platform) return
    this.platform = await startDevPlatform(platformOptions())
  }

  /** Records the envelopes, then closes every listener (the browser sees connection refused). */
  async stop(): Promise<void> {
    if (!this.platform) return
    await this.recordEnvelopes()
    await this.platform.close()
    this.platform = null
  }

  /** Copies envelopes not yet recorded to the run's record (they survive resets and restarts). */
  async recordEnvelopes(): Promise<Envelope[]> {
    if (!this.platform) return []
    const fresh = (await this.controls.envelopes()).filter((envelope) => {
      const key = `${envelope.receivedAt}:${createHash('sha256').update(envelope.body).digest('hex')}`
      if (this.recorded.has(key)) return false
      this.recorded.add(key)
      return true
    })
    appendJsonLines(RUN_FILES.envelopes, fresh)
    return fresh
  }

  /** Back to the seed, keeping what Sentry received so far. */
  async reset(): Promise<void> {
    await this.start()
    await this.recordEnvelopes()
    await this.controls.reset()
  }
}
