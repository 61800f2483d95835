/** A listed record as cleanup reads it: only `id` and `content`, whatever else it holds. */
export interface LenientRecord {
  id: unknown
  content: unknown
}

/**
 * The records of a `GET /todos` body, read leniently: any array of objects, so one malformed
 * record (someone else's, say) cannot keep cleanup from finding the run's own. `undefined`
 * when the body is not an array at all.
 *
 * @example
 * readLeniently([{ id: 'x', content: 5 }, { id: 2, content: 'a', completed: true }])
 * // → [{ id: 'x', content: 5 }, { id: 2, content: 'a' }]
 */
export function readLeniently(body: unknown): LenientRecord[] | undefined {
  if (!Array.isArray(body)) return undefined
  return body
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({ id: item.id, content: item.content }))
}

/**
 * Whether stored content proves a record is the run's: text that starts with the marker, or a
 * wrongly typed value (an invalid-data probe a lax server stored) that still holds it.
 */
export function provesOurs(content: unknown, marker: string): boolean {
  if (typeof content === 'string') return content.startsWith(marker)
  if (typeof content !== 'object' || content === null) return false
  return JSON.stringify(content).includes(marker)
}
