import type { OrderKey } from '@todokit/sdk/contract'
import { type OwnRecord, stateOf } from './model/model.ts'
import type { Operations } from './operations.ts'
import { isObject, type ListQuery } from './rules/rule.ts'

/**
 * Contents that break naive storage, escaping, matching or typing. Each is sent as a whole
 * content; a server may refuse the empty, long, control and astral ones, and trim the padded.
 */
export const EDGE_CONTENTS = [
  '',
  '42',
  'true',
  'null',
  '+',
  '%',
  'a+b',
  '50% & more',
  'it\'s "quoted"',
  'c++ (x) [y] .* $1 ^',
  '<b>&amp;</b>',
  '  padded  ',
  'Grüße café',
  'e\u0301 vs é',
  'emoji 🙂 𝔘',
  'bell \u0007 tab\t',
  'x'.repeat(300),
]

/** Large ids where storage types end: 32-bit, unsigned 32-bit, and JSON's exact integers. */
export const EDGE_IDS = [2 ** 31 - 1, 2 ** 31, 2 ** 32 + 1, 2 ** 53 - 1]

/** One scripted scenario: a name for the report and the operations it drives. */
export interface Scenario {
  name: string
  run(ops: Operations): Promise<void>
}

const plainReads = async (ops: Operations, record: OwnRecord) => {
  await ops.get(record)
  await ops.list()
}

/** A scenario on one record it makes: `act` on it, then a read of it by id and in the list. */
const onRecord = (
  name: string,
  label: string,
  act: (ops: Operations, record: OwnRecord) => Promise<unknown>,
): Scenario => ({
  name,
  async run(ops) {
    const record = await ops.make(label, false)
    if (!record) return
    await act(ops, record)
    await plainReads(ops, record)
  },
})

/** Every kind of read the kit knows, aimed at one record. */
async function allReads(ops: Operations, record: OwnRecord) {
  await ops.get(record)
  await ops.list()
  await ops.list({ content: record.expected.content })
  await ops.list({ completed: String(record.expected.completed) })
  await ops.list({ id: String(record.expected.id) })
  await ops.list({ q: ops.model.marker })
  await ops.list({ order: ['content'] })
}

/** Sort orders every run asks for: one key, descending, and two keys. */
export const SORT_KEYS: OrderKey[][] = [
  ['id'],
  ['content'],
  ['completed'],
  ['-id'],
  ['-content'],
  ['completed', '-content'],
  ['completed', 'id'],
]

/** Today's catalogue as data: the scripted scenarios, in the order they run. */
export const SCENARIOS: Scenario[] = [
  {
    name: 'how the server takes a create',
    async run(ops) {
      // The shapes of a create the contract allows, tried in turn until the server's is known.
      const { model } = ops
      const plain = await ops.create({ content: model.content('first'), completed: false })
      if (!plain) model.policy.assignsIds = false
      const withId = await ops.create({
        id: model.unusedId(),
        content: model.content('chosen id'),
        completed: true,
      })
      if (!withId && model.policy.clientIds === undefined) model.policy.clientIds = 'refused'
      if (plain || withId) {
        await ops.create({
          ...(plain ? {} : { id: model.unusedId() }),
          content: model.content('no completed'),
        })
      }
      await ops.list()
    },
  },
  {
    name: 'create, then read back by id and in the list',
    async run(ops) {
      const done = await ops.make('done', true)
      const open = await ops.make('open', false)
      for (const record of [open, done]) if (record) await plainReads(ops, record)
    },
  },
  onRecord('PATCH one field, then the other', 'patched', async (ops, record) => {
    await ops.patch(record, { completed: true })
    await plainReads(ops, record)
    await ops.patch(record, { content: ops.model.content('patched again') })
  }),
  onRecord('PUT the complete record', 'replaced', (ops, record) =>
    ops.replace(record, {
      id: record.expected.id,
      content: ops.model.content('replacement'),
      completed: true,
    }),
  ),
  {
    name: 'DELETE, then read and delete again',
    async run(ops) {
      const record = await ops.make('deleted')
      if (!record) return
      await ops.delete(record)
      await ops.list()
      const read = await ops.get(record, 'unknown-id')
      // A freed id that answers may hold someone else's new record: it is never deleted.
      if (read.response?.status === 404) await ops.delete(record, 'unknown-id')
    },
  },
  {
    name: 'reads of every kind before and after writes of every kind',
    async run(ops) {
      const writes: Array<(record: OwnRecord) => Promise<unknown>> = [
        (record) => ops.patch(record, { content: ops.model.content('cache content') }),
        (record) => ops.patch(record, { completed: !record.expected.completed }),
        (record) =>
          ops.replace(record, {
            id: record.expected.id,
            content: ops.model.content('cache put'),
            completed: !record.expected.completed,
          }),
        (record) => ops.delete(record),
      ]
      for (const write of writes) {
        const record = await ops.make('cache before', false)
        if (!record) return
        await allReads(ops, record)
        await write(record)
        await allReads(ops, record)
      }
    },
  },
  {
    name: 'edge values: create, read, filter and search each',
    async run(ops) {
      for (const content of EDGE_CONTENTS) {
        const record = await ops.make('edge', false, content)
        if (!record) continue
        await ops.get(record)
        await ops.list({ content: record.expected.content })
        if (content.trim()) await ops.list({ q: content.trim() })
      }
      await ops.list()
      const target = await ops.make('edge patch', false)
      if (!target) return
      for (const content of ['42', 'x'.repeat(300), 'emoji 🙂', '']) {
        await ops.patch(target, { content })
        await ops.get(target)
      }
      await ops.list()
    },
  },
  {
    name: 'filters, search and sort, alone and combined',
    async run(ops) {
      const { model } = ops
      const words = ['alpha Beta', 'beta gamma', 'Gamma delta', 'delta alpha', 'Épée alpha']
      const made: OwnRecord[] = []
      // Ids of two lengths, so an order that compares ids as text shows.
      if (model.policy.clientIds === 'stored') {
        const shorter = await ops.create({
          id: model.unusedId(9),
          content: model.content('nine digits'),
          completed: true,
        })
        if (shorter) made.push(shorter)
      }
      for (const [i, word] of words.entries()) {
        const record = await ops.make(word, i % 2 === 0)
        if (record) made.push(record)
      }
      const queries: ListQuery[] = [
        { completed: 'true' },
        { completed: 'false' },
        { q: model.marker },
        { q: 'alpha' },
        { q: 'beta gamma' },
        { q: 'delta', completed: 'true' },
        { q: model.marker, completed: 'false' },
        ...SORT_KEYS.map((order) => ({ order })),
        ...SORT_KEYS.map((order) => ({ order, completed: 'false' })),
        { q: model.marker, order: ['content'] },
      ]
      for (const record of made.slice(0, 2))
        queries.push({ id: String(record.expected.id) }, { content: record.expected.content })
      for (const query of queries) await ops.list(query)
    },
  },
  {
    name: 'ids: concurrent creates, large ids, an id already taken',
    async run(ops) {
      const { model } = ops
      const labels = Array.from(
        { length: Math.min(ops.concurrency, 8) },
        (_, i) => `concurrent ${i}`,
      )
      await Promise.all(labels.map((label) => ops.make(label)))
      await ops.list()
      if (model.policy.clientIds === 'stored') {
        const holder = await ops.make('taken')
        if (holder) {
          await ops.create(
            { id: holder.expected.id, content: model.content('same id'), completed: true },
            'taken-id',
          )
          await plainReads(ops, holder)
        }
      }
    },
  },
  onRecord(
    'writes at once to one record, and a read while one is under way',
    'concurrent',
    async (ops, record) => {
      // Either order of the two PATCHes is correct, and so is either answer of each: only the
      // reads after both show whether one was lost.
      record.concurrent = true
      const content = ops.model.content('concurrent content')
      const answers = await Promise.all([
        ops.patch(record, { content }),
        ops.patch(record, { completed: true }),
      ])
      record.concurrent = false
      // Each answer applied its own field: a read that lacks one shows a lost update. An answer
      // that applied nothing was charged already, and leaves the record's state unknown.
      const applied = answers.every(({ response, sent }) => {
        const body = response?.json
        return (
          response?.status === 200 &&
          isObject(body) &&
          isObject(sent) &&
          Object.entries(sent).every(([field, value]) => body[field] === value)
        )
      })
      if (!applied) record.uncertain = true
      else if (record.lastWrite)
        record.lastWrite = { ...record.lastWrite, sent: ['content', 'completed'] }
      await ops.get(record)
      const next = { content: ops.model.content('whole write'), completed: false }
      const allowed = [stateOf(record.expected), stateOf(next)]
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
      await Promise.all([
        ops.patch(record, next),
        ...[0, 1, 2, 4, 8].map((ms) =>
          later(ms).then(() => ops.get(record, 'concurrent-read', allowed)),
        ),
      ])
    },
  ),
  {
    name: 'PUT and PATCH whose body id differs from the path',
    async run(ops) {
      const { model } = ops
      for (const method of ['replace', 'patch'] as const) {
        const [first, second] = [await ops.make('path record'), await ops.make('body record')]
        if (!first || !second) return
        await ops[method](
          first,
          { id: second.expected.id, content: model.content('body id'), completed: true },
          'body-id',
        )
        await ops.get(first)
        await ops.get(second)
        await ops.list()
      }
    },
  },
  onRecord(
    'path ids that are not canonical integers, and ids nobody holds',
    'path',
    async (ops, record) => {
      const id = String(record.expected.id)
      await ops.get(`${id}abc`, 'path-id')
      await ops.patch(`${id}abc`, { completed: true }, 'path-id')
      await ops.get(`0${id}`, 'canonical-path-id')
      await ops.get(`${id}.0`, 'canonical-path-id')
      await ops.get(`+${id}`, 'canonical-path-id')
      const unused = ops.model.unusedId()
      const read = await ops.get(String(unused), 'unknown-id')
      // Only an id that reads as nobody's is written to: it may be someone's the run cannot list.
      if (read.response?.status === 404) {
        await ops.patch(String(unused), { completed: true }, 'unknown-id')
        await ops.delete(String(unused), 'unknown-id')
        const free = ops.model.unusedId()
        if ((await ops.get(String(free), 'unknown-id')).response?.status === 404) {
          await ops.replace(
            String(free),
            { id: free, content: ops.model.content('put to a free id'), completed: false },
            'unknown-id',
          )
        }
      }
    },
  ),
  onRecord(
    'malformed JSON, a PUT without a field, an empty PATCH',
    'mistakes',
    async (ops, record) => {
      await ops.create('{"content": "unterminated', 'malformed-json')
      await ops.patch(record, '{"completed": tru', 'malformed-json')
      await ops.replace(
        record,
        { id: record.expected.id, content: ops.model.content('no completed') },
        'missing-field',
      )
      await ops.patch(record, {}, 'empty-patch')
    },
  ),
  {
    name: 'paged walks, alone, with a query, and while records change',
    async run(ops) {
      const { model } = ops
      for (let tries = 0; model.settled().length < 9 && tries < 20; tries++) {
        if (!(await ops.make('page'))) return
      }
      for (const limit of ['1', '2', '3']) await ops.walk({ limit })
      await ops.walk({ limit: '2', completed: 'false', order: ['content'] })
      await ops.walk({ limit: '2', order: ['-id'] })
      const doomed = model.settled()[0]
      await ops.walk({ limit: '2' }, async () => {
        await ops.make('created mid-walk')
        if (doomed) await ops.delete(doomed)
      })
      for (const limit of ['0', '-1', 'abc']) await ops.list({ limit }, 'bad-paging')
      await ops.list({ limit: '2', cursor: 'not-a-cursor-of-yours' }, 'bad-paging')
    },
  },
  {
    name: 'a collection larger than a server’s internal page',
    async run(ops) {
      for (let tries = 0; ops.model.settled().length < 110 && tries < 150; tries++) {
        if (!(await ops.make('bulk'))) return
      }
      await ops.list()
      await ops.walk({ limit: '50' })
    },
  },
]

/**
 * Large ids, where storage types end: last but one, as a server may store them and then fail
 * every later create; cleanup deletes them and so puts the server back.
 */
export const LARGE_IDS: Scenario = {
  name: 'ids where storage types end',
  async run(ops) {
    const { model } = ops
    if (model.policy.clientIds !== 'stored') return
    for (const id of EDGE_IDS) {
      if (model.records.has(JSON.stringify(id)) || model.foreign.has(JSON.stringify(id))) continue
      const record = await ops.create(
        { id, content: model.content('large id'), completed: false },
        'large-id',
      )
      if (record) await ops.get(record)
      const after = await ops.make('after large id')
      if (after) await ops.get(after)
      await ops.list()
      if (record) await ops.delete(record)
    }
  },
}

/** Wrong types in every field of every write: last, as a lax server may store them and break. */
export const WRONG_TYPES: Scenario = {
  name: 'wrongly typed fields in every write',
  async run(ops) {
    const { model } = ops
    const bad: unknown[] = [null, 123, true, [], {}, ['x'], { a: 1 }]
    const record = await ops.make('typed', false)
    if (record) {
      for (const value of bad) {
        await ops.patch(record, { content: value }, 'wrong-type')
        if (typeof value !== 'boolean')
          await ops.patch(
            record,
            { completed: value === null ? null : typeof value === 'number' ? 1 : value },
            'wrong-type',
          )
      }
      // A refused write that changed something shows before the next write covers it.
      await ops.get(record)
      await ops.patch(record, { completed: true })
      for (const value of ['false', 0]) await ops.patch(record, { completed: value }, 'wrong-type')
      // One field wrong, one right: a refusal must not apply the right one either.
      await ops.patch(
        record,
        { content: model.content('half right'), completed: 'maybe' },
        'wrong-type',
      )
      await ops.replace(
        record,
        { id: record.expected.id, content: model.content('half right put'), completed: 'yes' },
        'wrong-type',
      )
      await ops.replace(
        record,
        { id: record.expected.id, content: 7, completed: 'false' },
        'wrong-type',
      )
      await plainReads(ops, record)
    }
    const withId = model.policy.clientIds === 'stored'
    const idOf = () => (withId ? { id: model.unusedId() } : {})
    for (const value of bad) {
      await ops.create(
        { ...idOf(), content: model.content('typed'), completed: value },
        'wrong-type',
      )
      await ops.list()
    }
    if (withId) {
      for (const id of [1.5, '12', null]) {
        await ops.create({ id, content: model.content('typed id'), completed: false }, 'wrong-type')
      }
      await ops.list()
    }
    for (const value of bad) {
      await ops.create({ ...idOf(), content: value, completed: false }, 'wrong-type')
      await ops.list()
    }
  },
}
