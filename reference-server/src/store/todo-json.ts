import type { Todo } from '@todokit/sdk/contract'

/** A todo's JSON text and the strong ETag of that text. */
export interface TodoRepresentation {
  readonly json: string
  readonly etag: string
}

/**
 * Stores never change a stored todo object (a write stores a new one), so each object's JSON and
 * ETag are computed once and reused by every later read: GET by id does no serialisation work.
 */
const cache = new WeakMap<Todo, TodoRepresentation>()

/** The JSON text and ETag of `todo`, computed at most once per stored object. */
export function serialized(todo: Todo): TodoRepresentation {
  let representation = cache.get(todo)
  if (representation === undefined) {
    const json = JSON.stringify(todo)
    representation = { json, etag: `"${hashText(json)}"` }
    cache.set(todo, representation)
  }
  return representation
}

/**
 * cyrb53: a fast 53-bit string hash (public domain, by bryc), in base 36. Pure JavaScript, so the
 * app keeps running on any runtime Hono supports, msw in a browser included.
 */
export function hashText(text: string, seed = 0): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507)
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507)
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
