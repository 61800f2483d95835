import type { Todo } from '@todokit/sdk/contract'

/** Stores never change a stored todo object, so its JSON and ETag are computed once. */
const cache = new WeakMap<Todo, { readonly json: string; readonly etag: string }>()

/** The JSON text of `todo` and the strong ETag of that text. */
export function serialized(todo: Todo): { readonly json: string; readonly etag: string } {
  let representation = cache.get(todo)
  if (representation === undefined) {
    const json = JSON.stringify(todo)
    representation = { json, etag: `"${hashText(json)}"` }
    cache.set(todo, representation)
  }
  return representation
}

/** cyrb53 (public domain, by bryc), a fast 53-bit hash in base 36, in plain JavaScript. */
export function hashText(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
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
