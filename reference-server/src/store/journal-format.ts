import { crc32 } from 'node:zlib'
import { type Todo, TodoId, TodoReplace } from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import { PARSE_OPTIONS } from '../field-errors.ts'
import { DataFileError } from './data-file-error.ts'
import { describeIssues } from './describe-issues.ts'

/**
 * One line of the journal: a change, numbered by `seq` (1, 2, 3, … over the store's whole life,
 * never reset), carrying the complete resulting record so replaying it needs no other state.
 */
export type JournalRecord =
  | { seq: number; op: 'create'; todo: Todo }
  | { seq: number; op: 'put'; todo: Todo }
  | { seq: number; op: 'delete'; id: number }

/** A change number: how many changes the store had made once this one was applied. */
export const Seq = z.int().check(z.minimum(1))

const JournalRecordSchema = z.discriminatedUnion('op', [
  z.strictObject({ seq: Seq, op: z.literal('create'), todo: TodoReplace }),
  z.strictObject({ seq: Seq, op: z.literal('put'), todo: TodoReplace }),
  z.strictObject({ seq: Seq, op: z.literal('delete'), id: TodoId }),
])

/**
 * The check that ends every line: a CRC-32 of the line's bytes before it, so a line is valid
 * JSON on its own and yet any changed byte is caught.
 */
const CHECK = /,"crc":"([0-9a-f]{8})"\}$/
const CHECK_LENGTH = ',"crc":"00000000"}'.length

/**
 * Encodes `record` as one journal line, newline included.
 *
 * @example
 * encodeJournalRecord({ seq: 7, op: 'delete', id: 3 })
 * // → '{"seq":7,"op":"delete","id":3,"crc":"e4491ecb"}\n'
 */
export function encodeJournalRecord(record: JournalRecord): string {
  const body = JSON.stringify(record)
  return `${body.slice(0, -1)},"crc":"${checksum(body)}"}\n`
}

/** A journal file's records, and whether it ended in an incomplete line. */
export interface ParsedJournal {
  readonly records: JournalRecord[]
  /** An incomplete last line (a crash in the middle of an append) was found and ignored. */
  readonly tornTail: boolean
}

/**
 * Parses a journal file. A line counts only once its newline is written, so an incomplete last
 * line is a write that was never acknowledged: it is reported in `tornTail` and ignored (only
 * where `allowTornTail`; elsewhere it is corruption). Any complete line that fails its check or
 * the contract schemas throws, naming the file and line.
 *
 * @throws {DataFileError}
 */
export function parseJournal(text: string, file: string, allowTornTail: boolean): ParsedJournal {
  const end = text.lastIndexOf('\n') + 1
  const lines = text.slice(0, end).split('\n')
  lines.pop()
  const tornTail = end < text.length
  if (tornTail && !allowTornTail) {
    throw new DataFileError(
      file,
      lines.length + 1,
      'incomplete last line in a journal that a newer journal follows',
    )
  }
  const records = lines.map((line, index) => {
    const result = decodeJournalLine(line)
    if (typeof result === 'string') throw new DataFileError(file, index + 1, result)
    return result
  })
  return { records, tornTail }
}

/** The record on `line`, or what is wrong with it. */
function decodeJournalLine(line: string): JournalRecord | string {
  const check = CHECK.exec(line)
  if (check === null) return 'not a journal record (no checksum at the end of the line)'
  const body = `${line.slice(0, -CHECK_LENGTH)}}`
  if (checksum(body) !== check[1]) return 'checksum mismatch: the line was changed or damaged'
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`
  }
  const result = JournalRecordSchema.safeParse(json, PARSE_OPTIONS)
  return result.success ? result.data : `invalid record: ${describeIssues(result.error.issues)}`
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0')
}
