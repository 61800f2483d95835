import fc from 'fast-check'
import type { OwnRecord } from './model/model.ts'
import type { Operations } from './operations.ts'
import type { ListQuery } from './rules/rule.ts'
import { EDGE_CONTENTS, SORT_KEYS } from './scenarios.ts'

/** How much the exploration may spend: requests, or milliseconds of wall time. */
export type Budget = { requests: number } | { ms: number }

/** What one command draws; each kind of command uses what it needs. */
const DRAW = fc.record({
  at: fc.nat(),
  word: fc.constantFrom(..."alpha Beta GAMMA delta École straße 42 true a+b it's".split(' ')),
  completed: fc.boolean(),
  edge: fc.option(fc.constantFrom(...EDGE_CONTENTS), { nil: undefined }),
  fields: fc.subarray(['content', 'completed'] as const, { minLength: 1 }),
  filter: fc.option(fc.constantFrom('id' as const, 'content' as const, 'completed' as const)),
  q: fc.option(fc.constantFrom('marker', 'word', 'piece')),
  order: fc.option(fc.constantFrom(...SORT_KEYS)),
})
type Draw = typeof DRAW extends fc.Arbitrary<infer T> ? T : never
type Act = (ops: Operations, draw: Draw, record?: OwnRecord) => unknown

/** What each kind of command does, with the run's record it picked if any. */
const KINDS = {
  create: (ops, { word, completed, edge }) =>
    ops.make(word, completed, edge?.concat(' ', ops.model.content(word))),
  get: (ops, _, record) => record && ops.get(record),
  delete: (ops, _, record) => record && ops.delete(record),
  // `completed` drawn, not flipped: a PATCH that sets the value a record already holds shows a
  // server that toggles rather than sets.
  patch: (ops, { fields, word, completed }, record) => {
    if (!record) return
    const body = { content: ops.model.content(word), completed }
    return ops.patch(record, Object.fromEntries(fields.map((field) => [field, body[field]])))
  },
  replace: (ops, { word, completed }, record) =>
    record && ops.replace(record, { content: ops.model.content(word), completed }),
  list: (ops, { filter, q, order }, record) => {
    const query: ListQuery = order ? { order } : {}
    if (filter && record) query[filter] = String(record.expected[filter])
    if (q === 'marker') query.q = ops.model.marker
    else if (q === 'word' && record) query.q = record.expected.content.split(' ').at(-1)
    else if (q === 'piece' && record) query.q = record.expected.content.slice(0, 4)
    return ops.list(query)
  },
} satisfies Record<string, Act>
type Kind = keyof typeof KINDS

/** How often each kind is drawn, so that list queries are a good share of what is sent. */
const SHARES: Record<Kind, number> = { create: 3, get: 1, delete: 1, patch: 2, replace: 1, list: 6 }

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
  const stats = { sequences: 0, operations: 0, listQueries: 0 }
  const commands = Object.entries(KINDS).map(([kind, act]) => ({
    weight: SHARES[kind as Kind],
    arbitrary: DRAW.map((draw) => ({
      check: () => true,
      async run() {
        if (!left()) return
        stats.operations += 1
        if (kind === 'list') stats.listQueries += 1
        const records = ops.model.settled()
        await act(ops, draw, records[draw.at % Math.max(1, records.length)])
      },
    })),
  }))
  const sequences = fc.commands([fc.oneof(...commands)], { maxCommands: 40 })
  const [stream] = fc.sample(fc.infiniteStream(sequences), { seed, numRuns: 1 })
  for (const sequence of stream ?? []) {
    if (!left()) break
    stats.sequences += 1
    await fc.asyncModelRun(() => ({ model: ops.model, real: ops }), sequence)
  }
  return { ...stats, requests: spent() }
}
