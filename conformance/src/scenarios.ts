import { setTimeout as sleep } from 'node:timers/promises'
import type { OrderKey } from '@todokit/sdk/contract'
import { keyOf, type OwnRecord, stateOf } from './model/model.ts'
import type { Operations } from './operations.ts'
import type { ListQuery } from './rules/rule.ts'

/** Contents that break naive storage, escaping, matching or typing; a server may refuse some. */
export const EDGE_CONTENTS = [
  ...['', '42', '042', 'true', 'null', '+', '%', 'one+two', '50% & more', 'it\'s "quoted"'],
  ...['c++ (x) [y] .* $1 ^', '<b>&amp;</b>', '  padded  ', 'Grüße café', 'e\u0301 vs é'],
  ...['emoji 🙂 𝔘', 'bell \u0007 tab\t', 'nul \u0000 end', 'x'.repeat(300)],
  // Equal under a case-insensitive or a PAD SPACE collation (MySQL's and MariaDB's defaults).
  ...['Case', 'case', 'pad', 'pad '],
]

/** Sort orders every run asks for: each key alone, two descending, and two keys. */
export const SORT_KEYS: OrderKey[][] = [
  ...(['id', 'content', 'completed', '-id', '-content'] satisfies OrderKey[]).map((key) => [key]),
  ['completed', '-content'],
  ['completed', 'id'],
  ['-completed', 'content'],
]

const FILTERS_AND_SORTS: ListQuery[] = [
  { completed: 'true' },
  { completed: 'false' },
  ...SORT_KEYS.flatMap((order) => [{ order }, { order, completed: 'false' }]),
]

/** A limit or cursor that a server that pages must refuse. */
const BAD_PAGING: ListQuery[] = [
  ...['0', '-1', 'abc'].map((limit) => ({ limit })),
  { limit: '2', cursor: 'not-a-cursor-of-yours' },
]

/** Values no field holds and an order by no field: a client's mistake, never a server's fault. */
const BAD_QUERIES: ListQuery[] = [
  { id: 'abc' },
  { completed: 'maybe' },
  { order: ['nope' as OrderKey] },
]

/** Bodies with one field of a wrong type (`true` is none for completed). */
const WRONG_FIELDS = [null, 1, true, [], {}, ['x'], { a: 1 }].flatMap((value) => [
  { content: value },
  ...(typeof value === 'boolean' ? [] : [{ completed: value }]),
])

/** Scripted scenarios by the name progress gives them, in the order they run. */
type Scenarios = Record<string, (ops: Operations) => Promise<void>>

/** Reads of a record by id and in the list; with `every`, filtered, sorted and searched too. */
async function reads(ops: Operations, record: OwnRecord, every = false) {
  await ops.get(record)
  await ops.list()
  if (!every) return
  const { id, content } = record.expected
  const completed = String(record.expected.completed)
  const by: ListQuery[] = [{ content }, { completed }, { id: String(id) }, { order: ['content'] }]
  const q = ops.model.marker
  for (const query of [...by, { q }, { q, completed }]) await ops.list(query)
}

/** An id that reads as nobody's, or none: an id the run cannot list may still be someone's. */
async function nobodys(ops: Operations) {
  const id = String(ops.model.unusedId())
  return (await ops.get(id, 'unknown-id')).response?.status === 404 ? id : undefined
}

/** Makes records until the run holds `count` settled ones, or a create fails. */
async function fill(ops: Operations, label: string, count: number, tries: number) {
  for (let i = 0; ops.model.settled().length < count && i < tries; i++)
    if (!(await ops.make(label))) return
}

export const SCENARIOS: Scenarios = {
  'how the server takes a create, and one with an id already taken': async (ops) => {
    // The shapes of a create the contract allows, tried in turn until the server's is known.
    const { model } = ops
    const first = { content: model.content('first'), completed: false }
    let plain = await ops.create(first)
    // A create refused for its completed false (a required bool) is not one refused for its id.
    if (model.refusedCreates.some((refused) => refused.sent === first))
      plain = await ops.create({ content: model.content('first retried'), completed: true })
    if (!plain) model.policy.assignsIds = false
    // On an empty server, an id the server would hand out after the next: a counter that skips
    // no client's id fails a create soon after (a SERIAL column left behind by explicit ids).
    const assigned = plain?.expected.id
    const next = typeof assigned === 'number' ? assigned + 2 : Number.NaN
    const soon = model.foreign.size === 0 && Number.isSafeInteger(next) && next > 0
    const chosenId = soon && !model.records.has(keyOf(next)) ? next : model.unusedId()
    const chosen = { id: chosenId, content: model.content('chosen id'), completed: true }
    const withId = await ops.create(chosen)
    if (!withId && model.policy.clientIds === undefined) model.policy.clientIds = 'refused'
    const id = plain ? {} : { id: model.unusedId() }
    if (plain || withId) await ops.create({ ...id, content: model.content('no completed') })
    await ops.list()
    if (!withId || model.policy.clientIds !== 'stored') return
    const taken = { id: withId.expected.id, content: model.content('same id'), completed: false }
    await ops.create(taken, 'taken-id')
    await reads(ops, withId)
  },

  'each write, between reads of every kind': async (ops) => {
    const { model } = ops
    const writes: Record<string, (record: OwnRecord) => Promise<unknown>> = {
      patched: (record) => ops.patch(record, { completed: !record.expected.completed }),
      repatched: (record) => ops.patch(record, { content: model.content('repatched') }),
      replaced: (record) =>
        ops.replace(record, { content: model.content('replaced'), completed: true }),
      deleted: (record) => ops.delete(record),
    }
    for (const [i, [label, write]] of Object.entries(writes).entries()) {
      const record = await ops.make(label, i % 2 === 1)
      if (!record) return
      await reads(ops, record, true)
      await write(record)
      await reads(ops, record, true)
    }
    // A deleted id is deleted again only while it reads as nobody's: it may be someone's by now.
    const gone = model.deleted().at(-1)
    if (gone && (await ops.get(gone, 'unknown-id')).response?.status === 404)
      await ops.delete(gone, 'unknown-id')
  },

  'edge values: create, read, filter and search each': async (ops) => {
    const made: OwnRecord[] = []
    for (const edge of EDGE_CONTENTS) {
      // A long content carries the marker: a server may refuse it for its length and store it.
      const content = edge.length > 50 ? `${edge} ${ops.model.content('long')}` : edge
      const record = await ops.make('edge', false, content)
      if (!record) continue
      made.push(record)
      await ops.get(record)
    }
    // Once every edge is stored, so that a filter or search may match the wrong one ("042" for 42).
    for (const { content } of made.map((record) => record.expected)) {
      await ops.list({ content })
      if (content.trim()) await ops.list({ q: content.trim() })
    }
    // PATCH may store content by a path of its own: the edges that storage mangles, again.
    const target = await ops.make('edge patch', false)
    for (const content of ['42', 'x'.repeat(300), 'emoji 🙂', '']) {
      if (!target) break
      await ops.patch(target, { content })
      await ops.get(target)
    }
    await ops.list()
  },

  'search, filters, sorts and walks, alone and combined': async (ops) => {
    const { model } = ops
    // Ids of two lengths, so an order that compares ids as text shows.
    const nine = { id: model.unusedId(9), content: model.content('nine digits'), completed: true }
    if (model.policy.clientIds === 'stored') await ops.create(nine)
    const phrases = ['alpha Beta', 'beta gamma', 'Gamma delta', 'delta alpha', 'Épée alpha']
    for (const [i, word] of phrases.entries()) await ops.make(word, i % 2 === 0)
    await fill(ops, 'page', 9, 20)
    const queries: ListQuery[] = [
      { q: 'alpha' },
      { q: 'beta gamma' },
      { q: 'delta', completed: 'true' },
      { q: model.marker, completed: 'false' },
      { q: model.marker, order: ['content'] },
    ]
    for (const query of queries) await ops.list(query)
    for (const query of BAD_PAGING) await ops.list(query, 'bad-paging')
    for (const query of BAD_QUERIES) await ops.list(query, 'bad-query')
    const records = model.settled()
    const id = records[0]?.expected.id
    if (id === undefined) return
    // Path ids that name the first record, but not as its canonical integer, and one past 64 bits.
    for (const path of [`${id}abc`, `0_${id}`]) await ops.get(path, 'path-id')
    for (const path of [`0${id}`, `${id}.0`, `+${id}`, '9'.repeat(20)])
      await ops.get(path, 'canonical-path-id')
    for (const query of FILTERS_AND_SORTS) await ops.list(query)
    const step = Math.ceil(records.length / 6)
    for (const record of records.filter((_, i) => i % step === 0)) await reads(ops, record, true)
    // Limits that judge paging in a few dozen pages, whatever the collection's size.
    const { length } = records
    const limits = length <= 30 ? [1, 2, 3] : [Math.ceil(length / 20), Math.ceil(length / 7)]
    for (const limit of limits) await ops.walk({ limit: String(limit) })
    const limit = String(limits.at(-1))
    await ops.walk({ limit, completed: 'false', order: ['content'] })
    await ops.walk({ limit, order: ['-id'] })
  },

  'creates at once, writes at once to records, a read while one is under way': async (ops) => {
    const record = await ops.make('concurrent')
    if (!record) return
    const count = Math.min(ops.concurrency, 8)
    const made = Array.from({ length: count }, (_, i) => ops.make(`concurrent ${i}`))
    const four = [record, ...(await Promise.all(made))]
      .filter((one) => one !== undefined)
      .slice(0, 4)
    await ops.list()
    // Either order of the two PATCHes is correct, and so is either answer of each: only the
    // read after both shows whether one was lost. A race shows now and then, and more often
    // while other records are written too: a dozen rounds, each on four records at once.
    for (let round = 0; round < 12; round++) {
      const completed = round % 2 === 0
      const pairs = four.flatMap((one) => {
        one.concurrent = []
        const content = ops.model.content('concurrent content')
        return [ops.patch(one, { content }), ops.patch(one, { completed })]
      })
      await Promise.all(pairs)
      for (const one of four) {
        delete one.concurrent
        await ops.get(one)
      }
    }
    const next = {
      content: ops.model.content('whole write'),
      completed: !record.expected.completed,
    }
    // A state a read already showed, and was charged for, may show again until the write lands.
    const allowed = [stateOf(record.expected), ...record.tolerated, stateOf(next)]
    const read = (ms: number) => sleep(ms).then(() => ops.get(record, 'concurrent-read', allowed))
    await Promise.all([ops.patch(record, next), ...[0, 1, 2, 4, 8].map(read)])
    await reads(ops, record)
  },

  'PUT and PATCH whose body id differs from the path': async (ops) => {
    for (const method of ['replace', 'patch'] as const) {
      const [first, second] = [await ops.make('path record'), await ops.make('body record')]
      if (!first || !second) return
      const content = ops.model.content('body id')
      await ops[method](first, { id: second.expected.id, content, completed: true }, 'body-id')
      await ops.get(first)
      await reads(ops, second)
    }
    // A body id nobody holds, where a server may move the record.
    const lone = await ops.make('lone record')
    const free = lone && (await nobodys(ops))
    if (!lone || free === undefined) return
    await ops.patch(lone, { id: Number(free), completed: true }, 'body-id')
    await reads(ops, lone)
  },

  'malformed JSON, a PUT without a field, an empty PATCH, a path id like 7abc': async (ops) => {
    const record = await ops.make('mistakes')
    if (!record) return
    await ops.create('{"content": "unterminated', 'malformed-json')
    await ops.patch(record, '{"completed": tru', 'malformed-json')
    await ops.replace(record, { content: ops.model.content('no completed') }, 'missing-field')
    await ops.patch(record, {}, 'empty-patch')
    await ops.patch(`${record.expected.id}abc`, { completed: true }, 'path-id')
    await reads(ops, record)
  },

  'writes to ids nobody holds': async (ops) => {
    const unused = await nobodys(ops)
    if (unused === undefined) return
    await ops.patch(unused, { completed: true }, 'unknown-id')
    await ops.delete(unused, 'unknown-id')
    const free = await nobodys(ops)
    if (free === undefined) return
    const content = ops.model.content('put to a free id')
    await ops.replace(free, { id: Number(free), content, completed: false }, 'unknown-id')
  },

  'paged walks while records change, and of many records': async (ops) => {
    const doomed = ops.model.settled()[0]
    await ops.walk({ limit: '2' }, async () => {
      const made = await ops.make('created mid-walk')
      if (doomed) await ops.delete(doomed)
      return [made, doomed]
    })
    // A collection larger than a server's internal page.
    await fill(ops, 'bulk', 110, 150)
    await ops.list()
    await ops.walk({ limit: '50' })
  },
}

/** Creates a record at each id and one after it (a server counting on gets the next id), reads both and deletes both. */
const largeIds = (ids: number[]) => async (ops: Operations) => {
  const { model } = ops
  if (model.policy.clientIds !== 'stored') return
  for (const id of ids) {
    if (model.records.has(keyOf(id)) || model.foreign.has(keyOf(id))) continue
    const body = { id, content: model.content('large id'), completed: false }
    const made = [await ops.create(body, 'large-id'), await ops.make('after large id')]
    for (const record of made) if (record) await ops.get(record)
    await ops.list()
    // Both go: a server that counts on from its highest id then counts as it did before.
    for (const record of made) if (record) await ops.delete(record)
  }
}

/**
 * What runs after the random sequences. Large ids, where storage types end, as a server may
 * store them and then fail every later create; cleanup deletes them and so puts the server back.
 * Wrong types in every field of every write, as a lax server may store them and break.
 */
export const LAST_SCENARIOS: Scenarios = {
  'ids where storage types end': largeIds([2 ** 31 - 1, 2 ** 31, 2 ** 32 + 1]),

  'wrongly typed fields in every write': async (ops) => {
    const { model } = ops
    const record = await ops.make('typed', false)
    if (record) {
      for (const body of WRONG_FIELDS) await ops.patch(record, body, 'wrong-type')
      // A refused write that changed something shows before the next write covers it, which
      // leaves completed false: a falsy value sent next shows whether it is read as true.
      await ops.get(record)
      await ops.patch(record, { completed: false })
      // Values a lax server coerces, and one field wrong beside one right: a refusal must not
      // apply the right one either.
      const halfRight = [
        ['patch', { completed: 'false' }],
        ['patch', { completed: 0 }],
        ['patch', { content: model.content('half right'), completed: 'maybe' }],
        ['replace', { content: model.content('half right put'), completed: 'yes' }],
        ['replace', { content: 7, completed: 'false' }],
      ] as const
      for (const [method, body] of halfRight) await ops[method](record, body, 'wrong-type')
      await reads(ops, record)
    }
    // Every create, with an id of the run's where the server stores those, or a wrongly typed id.
    const withId = model.policy.clientIds === 'stored'
    // Ids nobody holds, as a lax server may read them: 1.5 as 1 would aim at someone's record 1.
    const [free, another] = [model.unusedId(), model.unusedId()]
    const ids = withId ? [free + 0.5, String(another), null].map((id) => ({ id })) : []
    const falsy = [{ completed: 'false' }, { completed: 0 }]
    for (const wrong of [...WRONG_FIELDS, ...falsy, ...ids]) {
      const body = { content: model.content('typed'), completed: false, ...wrong }
      await ops.create({ ...(withId && { id: model.unusedId() }), ...body }, 'wrong-type')
      await ops.list()
    }
  },

  // Last, and not where others' records are: a server that keeps its highest id (SQLite
  // AUTOINCREMENT) counts on from this one for good, past what JSON numbers hold exactly.
  'the largest id JSON numbers hold exactly': async (ops) => {
    if (ops.model.foreign.size === 0) await largeIds([2 ** 53 - 1])(ops)
  },
}
