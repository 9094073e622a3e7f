import type { CatalogueErrorCode } from '../errors/authError'

/**
 * One locale's texts for the error codes (the developer codes have none: they show
 * `unknown_error`'s). Partial: a code it lacks is shown in English (`errorMessages`), so a late
 * translation never leaves a person without a message.
 */
export type ErrorCatalogue = Readonly<Partial<Record<CatalogueErrorCode, string>>>
