/**
 * A response body as a value: JSON when it parses, otherwise the text itself, `undefined` when
 * empty. Content type is not trusted: the schema check decides whether the value is acceptable.
 * The value is typed as `JSON.parse` types its own, so the caller gives it the type the operation
 * promises, and `checkBody` then holds the server to it.
 */
// biome-ignore lint/suspicious/noExplicitAny: as JSON.parse's result: what the server sent, typed by the caller and checked by checkBody.
export function parseBody(text: string): any {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
