import type { AuthConfig } from '../config/authConfig'
import type { LaterSteps } from './signInFlow'

/**
 * What every step handler may read besides the state and the event: the immutable config, and
 * the handlers of the later steps (null until the page has them).
 */
export interface FlowContext {
  readonly config: AuthConfig
  readonly laterSteps: LaterSteps | null
}
