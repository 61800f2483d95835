import fc from 'fast-check'
import type { Model, OwnRecord } from './model/model.ts'
import type { Operations } from './operations.ts'
import type { ListQuery } from './rules/rule.ts'
import { EDGE_CONTENTS, SORT_KEYS } from './scenarios.ts'

/** How much the exploration may spend: requests, or milliseconds of wall time. */
export type Budget = { requests: number } | { ms: number }

/** What the commands run against: the operations, the budget left, and the tally. */
interface Explorer {
  ops: Operations
  left(): boolean
  stats: { sequences: number; operations: number; listQueries: number }
}

type Command = fc.AsyncCommand<Model, Explorer>

const WORDS = ['alpha', 'Beta', 'GAMMA', 'delta', 'École', 'straße', '42', 'true', 'a+b', "it's"]

/** One operation of a random sequence, named for the replay; skipped once the budget is spent. */
const command = (name: string, act: (ops: Operations) => Promise<unknown>): Command => ({
  check: () => true,
  async run(_, explorer) {
    if (!explorer.left()) return
    explorer.stats.operations += 1
    if (name.startsWith('GET /todos?')) explorer.stats.listQueries += 1
    await act(explorer.ops)
  },
  toString: () => name,
})

/** The record at `position`, counted round the records the run holds now. */
const recordAt = (model: Model, position: number): OwnRecord | undefined => {
  const records = model.settled()
  return records[position % Math.max(1, records.length)]
}

/** A command on one of the run's records, picked when it runs. */
const onRecord = (name: string, act: (ops: Operations, record: OwnRecord) => Promise<unknown>) =>
  fc.nat().map((at) =>
    command(`${name} #${at}`, async (ops) => {
      const record = recordAt(ops.model, at)
      if (record) await act(ops, record)
    }),
  )

/** Every command, weighted so that list queries are a good share of what is sent. */
const COMMANDS: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({ label: fc.constantFrom(...WORDS), completed: fc.boolean(), edge: fc.boolean() })
      .map(({ label, completed, edge }) => {
        const content = `${EDGE_CONTENTS[label.length % EDGE_CONTENTS.length]} ${label}`
        return command(`POST /todos ${label}`, (ops) =>
          ops.make(label, completed, edge ? content : undefined),
        )
      }),
  },
  { weight: 1, arbitrary: onRecord('GET /todos/{id}', (ops, record) => ops.get(record)) },
  { weight: 1, arbitrary: onRecord('DELETE /todos/{id}', (ops, record) => ops.delete(record)) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        word: fc.constantFrom(...WORDS),
        fields: fc.subarray(['content', 'completed'] as const, { minLength: 1 }),
      })
      .chain(({ word, fields }) =>
        onRecord(`PATCH /todos/{id} ${fields.join(' and ')} ${word}`, (ops, record) => {
          const body = { content: ops.model.content(word), completed: !record.expected.completed }
          return ops.patch(record, Object.fromEntries(fields.map((field) => [field, body[field]])))
        }),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ content: fc.constantFrom(...WORDS), completed: fc.boolean() })
      .chain(({ content, completed }) =>
        onRecord(`PUT /todos/{id} ${content}`, (ops, record) =>
          ops.replace(record, { content: ops.model.content(content), completed }),
        ),
      ),
  },
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          at: fc.nat(),
          filter: fc.constantFrom('id' as const, 'content' as const, 'completed' as const),
          q: fc.constantFrom('marker' as const, 'word' as const, 'piece' as const),
          order: fc.constantFrom(...SORT_KEYS),
        },
        { requiredKeys: ['at'] },
      )
      .map(({ at, filter, q, order }) =>
        // A list query with values taken from one of the run's records when it runs.
        command(`GET /todos?${JSON.stringify({ filter, q, order })} #${at}`, (ops) => {
          const { model } = ops
          const record = recordAt(model, at)?.expected
          const query: ListQuery = order ? { order } : {}
          if (filter && record) query[filter] = String(record[filter])
          if (q === 'marker') query.q = model.marker
          else if (q === 'word' && record) query.q = record.content.split(' ').at(-1)
          else if (q === 'piece' && record) query.q = record.content.slice(0, 4)
          return ops.list(query)
        }),
      ),
  },
)

/**
 * Random sequences of operations, `fc.commands` drawn from `seed` until the budget is spent; the
 * same rules judge them as the scenarios. The same seed and budget replay the same sequences.
 */
export async function explore(ops: Operations, seed: number, budget: Budget, stop: () => boolean) {
  const started = performance.now()
  const first = ops.requests
  const spent = () => ops.requests - first
  const left = () =>
    !stop() &&
    ('requests' in budget ? spent() < budget.requests : performance.now() - started < budget.ms)
  const explorer: Explorer = { ops, left, stats: { sequences: 0, operations: 0, listQueries: 0 } }
  const sequences = fc.commands([COMMANDS], { maxCommands: 40 })
  const [stream] = fc.sample(fc.infiniteStream(sequences), { seed, numRuns: 1 })
  for (const commands of stream ?? []) {
    if (!left()) break
    explorer.stats.sequences += 1
    await fc.asyncModelRun(() => ({ model: ops.model, real: explorer }), commands)
  }
  return { ...explorer.stats, requests: spent() }
}
