import { decodeBase64Url } from './base64url'

/**
 * The JSON value of one base64url part of a compact JWS/JWT (its header or its claims), or
 * undefined when the part is not base64url, not UTF-8 or not JSON. No signature is checked.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7515#section-7.1 (compact serialization)
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-7.2 (steps 1 to 6: decoding, not validating)
 */
export function decodeJsonPart(part: string): unknown {
  const bytes = decodeBase64Url(part)
  // Stryker disable next-line ConditionalExpression: without this line, decoding null throws in the try below, which gives the same undefined
  if (bytes === null) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown
  } catch /* Stryker disable next-line BlockStatement: an empty catch returns undefined all the same */ {
    return undefined
  }
}
