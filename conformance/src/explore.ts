import type { OrderKey } from '@todokit/sdk/contract'
import fc from 'fast-check'
import type { Budget } from './budget.ts'
import type { Model } from './model/model.ts'
import type { ListQuery } from './rules/rule.ts'
import { EDGE_CONTENTS, type Run } from './scenarios.ts'

/** One step of a random sequence, drawn by fast-check and run like a scenario's. */
type Step =
  | { do: 'create'; label: string; completed: boolean; edge: boolean }
  | { do: 'get' | 'delete'; at: number }
  | { do: 'patch'; at: number; content?: string; completed?: boolean }
  | { do: 'replace'; at: number; content: string; completed: boolean }
  | {
      do: 'list'
      at: number
      filter?: 'id' | 'content' | 'completed'
      q?: 'marker' | 'word' | 'piece'
      order?: OrderKey[]
    }

const WORDS = ['alpha', 'Beta', 'GAMMA', 'delta', 'École', 'straße', '42', 'true', 'a+b', "it's"]
const ORDERS: OrderKey[][] = [
  ['id'],
  ['content'],
  ['completed'],
  ['-id'],
  ['-content'],
  ['completed', 'id'],
  ['-completed', 'content'],
]

const STEPS: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      do: fc.constant('create' as const),
      label: fc.constantFrom(...WORDS),
      completed: fc.boolean(),
      edge: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ do: fc.constantFrom('get' as const, 'delete' as const), at: fc.nat() }),
  },
  {
    weight: 2,
    arbitrary: fc.record(
      {
        do: fc.constant('patch' as const),
        at: fc.nat(),
        content: fc.option(fc.constantFrom(...WORDS), { nil: undefined }),
        completed: fc.option(fc.boolean(), { nil: undefined }),
      },
      { requiredKeys: ['do', 'at'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      do: fc.constant('replace' as const),
      at: fc.nat(),
      content: fc.constantFrom(...WORDS),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        do: fc.constant('list' as const),
        at: fc.nat(),
        filter: fc.constantFrom('id' as const, 'content' as const, 'completed' as const),
        q: fc.constantFrom('marker' as const, 'word' as const, 'piece' as const),
        order: fc.constantFrom(...ORDERS),
      },
      { requiredKeys: ['do', 'at'] },
    ),
  },
)

/** The list query a step asks for, with values taken from one of the run's records. */
function queryOf(step: Extract<Step, { do: 'list' }>, model: Model): ListQuery {
  const records = model.settled()
  const record = records[step.at % Math.max(1, records.length)]
  const query: ListQuery = {}
  if (step.filter && record) query[step.filter] = String(record.expected[step.filter])
  if (step.q === 'marker') query.q = model.marker
  else if (step.q && record) {
    const words = record.expected.content.split(' ')
    query.q =
      step.q === 'word'
        ? (words[words.length - 1] ?? model.marker)
        : record.expected.content.slice(0, 4)
  }
  if (step.order) query.order = step.order
  return query
}

async function runStep(step: Step, run: Run): Promise<void> {
  const { ops, model } = run
  const records = model.settled()
  const record = 'at' in step ? records[step.at % Math.max(1, records.length)] : undefined
  switch (step.do) {
    case 'create': {
      const edge = EDGE_CONTENTS[step.label.length % EDGE_CONTENTS.length]
      await run.make(step.label, step.completed, step.edge ? `${edge} ${step.label}` : undefined)
      return
    }
    case 'list':
      await ops.list(queryOf(step, model))
      return
  }
  if (!record) return
  if (step.do === 'get') await ops.get(record)
  else if (step.do === 'delete') await ops.delete(record)
  else if (step.do === 'replace')
    await ops.replace(record, {
      id: record.expected.id,
      content: model.content(step.content),
      completed: step.completed,
    })
  else if (step.do === 'patch') {
    const body = {
      ...(step.content === undefined ? {} : { content: model.content(step.content) }),
      ...(step.completed === undefined ? {} : { completed: step.completed }),
    }
    await ops.patch(
      record,
      Object.keys(body).length ? body : { completed: !record.expected.completed },
    )
  }
}

/** Whether the exploration may go on. */
function budgetLeft(budget: Budget, spent: { requests: number; started: number }): boolean {
  return 'requests' in budget
    ? spent.requests < budget.requests
    : performance.now() - spent.started < budget.ms
}

/**
 * Random sequences of operations, drawn by fast-check from `seed` until the budget is spent; the
 * same rules judge them as the scenarios. The same seed and budget replay the same sequences.
 */
export async function explore(run: Run, seed: number, budget: Budget, stop: () => boolean) {
  const started = performance.now()
  const first = run.ops.requests
  const stats = { sequences: 0, operations: 0, listQueries: 0 }
  const spent = () => ({ requests: run.ops.requests - first, started })
  for (let batch = 0; budgetLeft(budget, spent()) && !stop(); batch++) {
    const sequences = fc.sample(fc.array(STEPS, { minLength: 5, maxLength: 40 }), {
      seed: seed + batch,
      numRuns: 5,
    })
    for (const steps of sequences) {
      stats.sequences += 1
      for (const step of steps) {
        if (!budgetLeft(budget, spent()) || stop()) break
        stats.operations += 1
        if (step.do === 'list') stats.listQueries += 1
        await runStep(step, run)
      }
    }
  }
  return { ...stats, requests: run.ops.requests - first }
}
