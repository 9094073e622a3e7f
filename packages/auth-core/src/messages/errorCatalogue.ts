import type { AuthErrorCode } from '../errors/authError'

/**
 * One locale's texts for the error codes. Partial: a code it lacks is shown in English
 * (`errorMessages`), so a late translation never leaves a person without a message.
 */
export type ErrorCatalogue = Readonly<Partial<Record<AuthErrorCode, string>>>
