import type { AuthConfig } from '../config/authConfig'

/** What every step handler may read besides the state and the event: the immutable config. */
export interface FlowContext {
  readonly config: AuthConfig
}
