/**
 * Conditional request checks (RFC 9110 §13). The server's ETags are strong, so `If-Match` uses
 * the strong comparison and `If-None-Match` the weak one, as the RFC prescribes.
 */

/** The entity tags listed in an `If-Match` / `If-None-Match` header value. */
function entityTags(header: string): string[] {
  return header.split(',').map((tag) => tag.trim())
}

/**
 * Whether `If-None-Match` says the client already holds `etag`, so a GET answers 304.
 *
 * @example
 * ifNoneMatchHits('W/"abc", "def"', '"abc"') // → true
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  return entityTags(header).some((tag) => (tag.startsWith('W/') ? tag.slice(2) : tag) === etag)
}

/**
 * The entity tags `If-Match` lists, as a store's precondition (`['*']` for any version), or
 * `undefined` without the header. The server's ETags are strong, so these are compared strongly.
 *
 * @example
 * ifMatchTags('"abc", "def"') // → ['"abc"', '"def"']
 */
export function ifMatchTags(header: string | undefined): string[] | undefined {
  if (header === undefined) return undefined
  return header.trim() === '*' ? ['*'] : entityTags(header)
}
