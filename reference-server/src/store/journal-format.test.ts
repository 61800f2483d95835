import { describe, expect, it } from 'vitest'
import { DataFileError } from './data-file-error.ts'
import { encodeJournalRecord, type JournalRecord, parseJournal } from './journal-format.ts'

const records: JournalRecord[] = [
  { seq: 1, op: 'create', todo: { id: 1, content: 'Buy "milk"\n', completed: false } },
  { seq: 2, op: 'put', todo: { id: 1, content: 'Buy milk', completed: true } },
  { seq: 3, op: 'delete', id: 1 },
]

describe('journal format', () => {
  it('reads back every kind of record, one JSON line each', () => {
    const text = records.map(encodeJournalRecord).join('')
    for (const line of text.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow()
    expect(parseJournal(text, 'j', false)).toEqual({ records, tornTail: false })
  })

  it('catches a changed digit that still parses as valid JSON', () => {
    const text = encodeJournalRecord({ seq: 4, op: 'delete', id: 12 }).replace('"id":12', '"id":13')
    expect(() => parseJournal(text, 'j', false)).toThrow('j:1: checksum mismatch')
  })

  it('reports an incomplete last line only where a torn tail is allowed', () => {
    const text = `${encodeJournalRecord(records[0] as JournalRecord)}{"seq":2,"op"`
    expect(parseJournal(text, 'j', true)).toEqual({ records: [records[0]], tornTail: true })
    expect(() => parseJournal(text, 'j', false)).toThrow(DataFileError)
  })

  it('refuses a record that breaks the contract even with a valid checksum', () => {
    const text = encodeJournalRecord({
      seq: 1,
      op: 'create',
      todo: { id: 0, content: '', completed: false },
    })
    expect(() => parseJournal(text, 'j', false)).toThrow(/j:1: invalid record: \/todo\/id: /)
  })
})
