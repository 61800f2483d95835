/**
 * Limits todokit chooses where the contract says "Limits: not shown". The reference server
 * enforces them, the OpenAPI document publishes them and the SDK's input types describe them.
 */

/**
 * Longest `content` a todo may hold, in Unicode code points, as zod's and JSON Schema's
 * `maxLength` count: an emoji such as 😀 is one, though JavaScript's `length` counts it as two.
 *
 * @example
 * if ([...text].length > MAX_CONTENT_LENGTH) text = [...text].slice(0, MAX_CONTENT_LENGTH).join('')
 */
export const MAX_CONTENT_LENGTH = 10_000

/**
 * Largest request body the reference server reads, in bytes (64 KiB). Larger bodies get 413.
 *
 * @example
 * const tooLarge = new TextEncoder().encode(JSON.stringify(body)).length > MAX_BODY_BYTES
 */
export const MAX_BODY_BYTES = 64 * 1024

/**
 * Longest free-text search (`q`) accepted, in Unicode code points.
 *
 * @example
 * const q = input.slice(0, MAX_SEARCH_LENGTH) // a longer q gets 400
 */
export const MAX_SEARCH_LENGTH = 1_000

/**
 * Largest page a `GET /todos?limit=N` may ask for. Larger pages get 400; a walk over every todo
 * takes `ceil(count / MAX_PAGE_LIMIT)` requests at least.
 *
 * @example
 * await client.todos.page({ limit: MAX_PAGE_LIMIT }) // the largest page there is
 */
export const MAX_PAGE_LIMIT = 1_000

/**
 * Largest id. Ids are positive integers that JSON numbers and JavaScript represent exactly, so
 * no client ever rounds an id to a neighbouring record's.
 *
 * @example
 * MAX_TODO_ID === Number.MAX_SAFE_INTEGER // → true: 9007199254740991
 */
export const MAX_TODO_ID = Number.MAX_SAFE_INTEGER

/**
 * Largest id a client may propose when it creates a todo (2^52). The ids above it are left for
 * the server to assign, so no create can take the last id and leave later creates without one.
 *
 * @example
 * const id = Math.min(wanted, MAX_CLIENT_ID) // a larger proposed id gets 400
 */
export const MAX_CLIENT_ID = 2 ** 52
