/**
 * Whether `value` is a JSON object (not null, not an array). A module of its own with no imports:
 * the sign-in page's first load uses it (the Google cookie map), and it must not bring the HTTP
 * error mapping, and through it oauth4webapi, along.
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
