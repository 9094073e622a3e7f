/**
 * Compares the shape of a response with a recorded fixture: the same keys with the same JSON
 * types, recursively. Returns one line per difference:
 *
 * - `missing a.b` — the fixture has the key, the response does not;
 * - `extra a.b` — the response has a key the fixture lacks;
 * - `type a.b: fixture string, response number`.
 *
 * Arrays are compared by element shape. Factor lists are matched by kind (`factorType:provider`),
 * so `_embedded.factors[push:OKTA].profile` names the push factor's profile; objects whose keys
 * are all Okta ids (e.g. `factorsPolicyInfo`) are maps, compared value by value as `{id}`.
 */

const OKTA_ID = /^[A-Za-z0-9]{20}$/

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return kindOf(value) === 'object'
}

/** A factor's kind, when the element is a factor. */
function factorKind(value: unknown): string | null {
  if (!isRecord(value) || typeof value.factorType !== 'string') return null
  return `${value.factorType}:${String(value.provider)}`
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** The differences between `fixture` and `response` (empty when the shapes agree). */
export function shapeDiff(fixture: unknown, response: unknown, path = ''): string[] {
  const fixtureKind = kindOf(fixture)
  const responseKind = kindOf(response)
  if (fixtureKind !== responseKind)
    return [`type ${path || '(root)'}: fixture ${fixtureKind}, response ${responseKind}`]
  if (Array.isArray(fixture) && Array.isArray(response)) return arrayDiff(fixture, response, path)
  if (isRecord(fixture) && isRecord(response)) return objectDiff(fixture, response, path)
  return []
}

function objectDiff(
  fixture: Record<string, unknown>,
  response: Record<string, unknown>,
  path: string,
) {
  const fixtureKeys = Object.keys(fixture)
  if (fixtureKeys.length > 0 && fixtureKeys.every((key) => OKTA_ID.test(key))) {
    const sample = fixture[fixtureKeys[0] as string]
    return Object.entries(response).flatMap(([key, value]) =>
      OKTA_ID.test(key) ? shapeDiff(sample, value, `${path}{id}`) : [`extra ${join(path, key)}`],
    )
  }
  const out: string[] = []
  for (const key of fixtureKeys)
    if (key in response) out.push(...shapeDiff(fixture[key], response[key], join(path, key)))
    else out.push(`missing ${join(path, key)}`)
  for (const key of Object.keys(response))
    if (!(key in fixture)) out.push(`extra ${join(path, key)}`)
  return out
}

function arrayDiff(fixture: unknown[], response: unknown[], path: string): string[] {
  if (fixture.some((element) => factorKind(element) !== null)) {
    const out: string[] = []
    const responseKinds = new Set(response.map(factorKind))
    for (const element of fixture) {
      const kind = factorKind(element)
      if (!responseKinds.has(kind)) out.push(`missing ${path}[${kind}]`)
    }
    for (const element of response) {
      const kind = factorKind(element)
      const match = fixture.find((candidate) => factorKind(candidate) === kind)
      if (match === undefined) out.push(`extra ${path}[${kind}]`)
      else out.push(...shapeDiff(match, element, `${path}[${kind}]`))
    }
    return out
  }
  if (fixture.length === 0) return response.length === 0 ? [] : [`extra ${path}[]`]
  if (response.length === 0) return [`missing ${path}[]`]
  const sample = fixture[0]
  const seen = new Set<string>()
  return response
    .flatMap((element) => shapeDiff(sample, element, `${path}[]`))
    .filter((line) => !seen.has(line) && seen.add(line))
}
