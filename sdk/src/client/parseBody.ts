/**
 * A response body as a value: JSON when it parses, otherwise the text itself, `undefined` when
 * empty. Content type is not trusted: the schema check decides whether the value is acceptable.
 */
export function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
