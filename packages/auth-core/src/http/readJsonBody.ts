import { toTransportError } from '../errors/toTransportError'

/** A response body read as JSON: the parsed value, or `parsed: false` when it is not JSON. */
export type JsonBody =
  { readonly parsed: true; readonly value: unknown } | { readonly parsed: false }

/**
 * Reads a response body and parses it as JSON, whatever its `Content-Type` says, so an HTML
 * error page (even with status 200) is reported as `parsed: false` instead of throwing.
 * `JSON.parse` keeps `__proto__` as an own key (it never sets a prototype); callers still
 * validate the value with a schema before use.
 *
 * @throws AuthError when the body cannot be read (aborted or timed out mid-body), via `toTransportError`.
 * @see https://fetch.spec.whatwg.org/#dom-body-text
 */
export async function readJsonBody(response: Response): Promise<JsonBody> {
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw toTransportError(error)
  }
  try {
    return { parsed: true, value: JSON.parse(text) as unknown }
  } catch {
    return { parsed: false }
  }
}
