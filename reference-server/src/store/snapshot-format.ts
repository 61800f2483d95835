import { MAX_TODO_ID, type Todo, TodoReplace } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { PARSE_OPTIONS } from '../field-errors.ts'
import { DataFileError } from './data-file-error.ts'
import { describeIssues } from './describe-issues.ts'
import { findJsonSyntaxError } from './json-syntax-error.ts'

/** The value of a snapshot's `format` field. */
export const SNAPSHOT_FORMAT = 'todokit-snapshot'

/** The state a snapshot holds. */
export interface SnapshotData {
  /** The number of the last change the snapshot includes (0 for none). */
  readonly seq: number
  /** The id the next create without an id receives; never lowered, so ids are never reused. */
  readonly nextId: number
  /** Every todo, in ascending id order. */
  readonly todos: readonly Todo[]
}

/**
 * Everything but `todos` is optional, so a hand-written `{ "todos": [...] }` is a valid data
 * file too; unknown keys are refused, as a typo would otherwise lose a setting silently.
 */
const SnapshotSchema = z.strictObject({
  format: z.optional(z.literal(SNAPSHOT_FORMAT)),
  version: z.optional(z.literal(1)),
  seq: z.optional(z.int().check(z.minimum(0))),
  // One past the largest id: MAX_TODO_ID + 1 is not a safe integer, hence not z.int().
  nextId: z.optional(
    z
      .number()
      .check(
        z.refine(Number.isInteger, 'Expected an integer'),
        z.minimum(1),
        z.maximum(MAX_TODO_ID + 1),
      ),
  ),
  todos: z.array(TodoReplace),
})

/** How many todos go into one chunk of the encoded snapshot (the writer yields between chunks). */
const TODOS_PER_CHUNK = 2_000

/**
 * Encodes a snapshot as readable JSON, one todo per line, in chunks so that writing a large
 * snapshot never blocks the event loop for long.
 *
 * @example
 * [...encodeSnapshot({ seq: 2, nextId: 3, todos: [{ id: 2, content: 'a', completed: false }] })].join('')
 * // {
 * //   "format": "todokit-snapshot",
 * //   "version": 1,
 * //   "seq": 2,
 * //   "nextId": 3,
 * //   "todos": [
 * //     {"id":2,"content":"a","completed":false}
 * //   ]
 * // }
 */
export function* encodeSnapshot(data: SnapshotData): Generator<string> {
  yield `{\n  "format": "${SNAPSHOT_FORMAT}",\n  "version": 1,\n  "seq": ${data.seq},\n  "nextId": ${data.nextId},\n  "todos": [`
  for (let start = 0; start < data.todos.length; start += TODOS_PER_CHUNK) {
    const lines = data.todos
      .slice(start, start + TODOS_PER_CHUNK)
      .map(
        (todo) =>
          `    ${JSON.stringify({ id: todo.id, content: todo.content, completed: todo.completed })}`,
      )
    yield `${start === 0 ? '\n' : ',\n'}${lines.join(',\n')}`
  }
  yield `${data.todos.length === 0 ? '' : '\n  '}]\n}\n`
}

/**
 * Parses and validates a snapshot with the contract schemas.
 *
 * @throws {DataFileError} naming the file and, for a syntax error or a bad todo, the line.
 */
export function decodeSnapshot(text: string, file: string): SnapshotData {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    const syntax = findJsonSyntaxError(text)
    throw new DataFileError(
      file,
      syntax?.line,
      syntax
        ? `not valid JSON: ${syntax.message} at column ${syntax.column}`
        : `not valid JSON (${(error as Error).message})`,
    )
  }
  const result = SnapshotSchema.safeParse(json, PARSE_OPTIONS)
  if (!result.success) {
    const first = result.error.issues[0]
    const line = first?.path[0] === 'todos' ? todoLine(text, first.path[1]) : undefined
    throw new DataFileError(
      file,
      line,
      `not a todokit snapshot: ${describeIssues(result.error.issues)}`,
    )
  }
  const { seq = 0, nextId = 1, todos } = result.data
  return { seq, nextId, todos }
}

/** The 1-based line of character `position`. */
function lineAt(text: string, position: number): number {
  let line = 1
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < position;
    index = text.indexOf('\n', index + 1)
  ) {
    line++
  }
  return line
}

/** The line where element `index` of the `todos` array starts, found by scanning the JSON text. */
function todoLine(text: string, index: PropertyKey | undefined): number | undefined {
  if (typeof index !== 'number') return undefined
  let depth = 0
  let element = 0
  let inString = false
  for (
    let position = text.indexOf('[', text.indexOf('"todos"'));
    position < text.length;
    position++
  ) {
    const character = text[position]
    if (inString) {
      if (character === '\\') position++
      else if (character === '"') inString = false
    } else if (depth === 1 && element === index && !/[\s,]/.test(character as string)) {
      return lineAt(text, position)
    } else if (character === '"') inString = true
    else if (character === '[' || character === '{') depth++
    else if (character === ']' || character === '}') depth--
    else if (character === ',' && depth === 1) element++
  }
  return undefined
}
