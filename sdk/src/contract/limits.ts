/**
 * Limits todokit chooses where the contract says "Limits: not shown". The reference server
 * enforces them, the OpenAPI document publishes them and the SDK's input types describe them.
 */

/** Longest `content` a todo may hold, in UTF-16 code units (JavaScript string length). */
export const MAX_CONTENT_LENGTH = 10_000

/** Largest request body the reference server reads, in bytes (64 KiB). Larger bodies get 413. */
export const MAX_BODY_BYTES = 64 * 1024

/** Longest free-text search (`q`) accepted, in UTF-16 code units. */
export const MAX_SEARCH_LENGTH = 1_000

/**
 * Largest id. Ids are positive integers that JSON numbers and JavaScript represent exactly, so
 * no client ever rounds an id to a neighbouring record's.
 */
export const MAX_TODO_ID = Number.MAX_SAFE_INTEGER
