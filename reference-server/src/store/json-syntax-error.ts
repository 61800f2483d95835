/** Where a JSON text stops being valid, and why. */
export interface JsonSyntaxError {
  /** Offset of the offending character (the text's length when it ends too early). */
  readonly offset: number
  readonly line: number
  readonly column: number
  readonly message: string
}

/** A JSON number, `true`, `false` or `null` at the start of a string. */
const LITERAL = /^(?:-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null)/

/**
 * Finds the first syntax error in `text`, which `JSON.parse` rejected: V8's own messages no
 * longer say where the error is, and a person repairing a data file needs the line.
 * Returns `undefined` for valid JSON, or JSON nested too deeply to check.
 *
 * @example
 * findJsonSyntaxError('{\n  "a": [1,]\n}') // → { line: 2, column: 11, message: "unexpected ']'" … }
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let offset = 0

  const fail = (message: string): never => {
    throw { offset, message }
  }
  const skipWhitespace = () => {
    while (offset < text.length && ' \t\n\r'.includes(text[offset] as string)) offset++
  }
  const unexpected = (): never =>
    fail(
      offset >= text.length
        ? 'unexpected end of the file'
        : `unexpected ${JSON.stringify(text[offset])}`,
    )
  const expect = (character: string) => {
    skipWhitespace()
    if (text[offset] !== character) unexpected()
    offset++
  }
  const string = () => {
    expect('"')
    while (text[offset] !== '"') {
      if (offset >= text.length || text.charCodeAt(offset) < 0x20) unexpected()
      if (text[offset] === '\\') {
        offset++
        if (text[offset] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(offset + 1, offset + 5)))
            fail('invalid \\u escape')
          offset += 4
        } else if (!'"\\/bfnrt'.includes(text[offset] ?? 'x')) fail('invalid escape')
      }
      offset++
    }
    offset++
  }
  const value = (): void => {
    skipWhitespace()
    const character = text[offset]
    if (character === '{') {
      members('}', () => {
        string()
        expect(':')
        value()
      })
    } else if (character === '[') {
      members(']', value)
    } else if (character === '"') {
      string()
    } else {
      const literal = LITERAL.exec(text.slice(offset, offset + 400))
      if (literal === null) unexpected()
      offset += (literal as RegExpExecArray)[0].length
    }
  }
  const members = (close: string, member: () => void) => {
    offset++
    skipWhitespace()
    if (text[offset] === close) {
      offset++
      return
    }
    for (;;) {
      member()
      skipWhitespace()
      if (text[offset] === close) {
        offset++
        return
      }
      expect(',')
    }
  }

  try {
    value()
    skipWhitespace()
    if (offset < text.length) unexpected()
    return undefined
  } catch (error) {
    if (error instanceof RangeError) return undefined
    const found = error as { offset: number; message: string }
    const before = text.slice(0, found.offset)
    const line = before.split('\n').length
    return { ...found, line, column: found.offset - before.lastIndexOf('\n') }
  }
}
