import { keyOf, type Model, type OwnRecord } from './model/model.ts'
import { words } from './model/text.ts'
import type { Operations } from './operations.ts'
import { fieldProblem, isObject, type ListQuery, type Observation } from './rules/rule.ts'
import { SORT_KEYS } from './scenarios.ts'

/**
 * The rules reads alone can judge, on the records a server already holds. Every other rule needs
 * a write, and a read-only run reports it as not judged.
 */
export const READ_RULES: ReadonlySet<string> = new Set([
  'todo.fields',
  'list.answers-array',
  'get.returns-record',
  'list.holds-live-records',
  'ids.unique',
  'path.id-integer',
  'ids.unknown-404',
  'errors.client-mistakes',
  'headers.json',
  'filter.matches',
  'search.matches',
  'sort.ascending',
  'sort.descending-and-keys',
  'paging.limit',
  'paging.link',
  'paging.walk',
  'paging.bad-input',
])

/** Records read back by id at most: enough to judge, few enough for a server in use. */
const MAX_READS = 500

/** Takes the well-typed records a list showed as the ones reads must show; a repeated id is read no further. */
function adoptListed(model: Model, items: unknown[]) {
  for (const item of items) {
    if (!isObject(item) || fieldProblem(item) !== undefined) continue
    if (typeof item.id !== 'number' && typeof item.id !== 'string') continue
    const held = model.records.get(keyOf(item.id))
    if (held) {
      held.uncertain = true
      continue
    }
    model.adopt({ id: item.id, content: String(item.content), completed: item.completed === true })
    model.policy.idType =
      typeof item.id === 'number' && Number.isInteger(item.id) && model.policy.idType !== 'other'
        ? 'integer'
        : 'other'
  }
}

/** A few records that differ: the first and last, an open and a done one, a short and a long content. */
function samplesOf(records: OwnRecord[]): OwnRecord[] {
  const byLength = [...records].sort(
    (a, b) => a.expected.content.length - b.expected.content.length,
  )
  const picks = [
    records[0],
    records.at(-1),
    records.find((record) => record.expected.completed),
    records.find((record) => !record.expected.completed),
    byLength.find((record) => words(record.expected.content).length > 0),
    byLength.at(-1),
  ]
  return [...new Set(picks.filter((record) => record !== undefined))]
}

/** Walk limits that judge paging in a few dozen pages, whatever the collection's size. */
function walkLimits(size: number): string[] {
  if (size <= 30) return ['1', '2', '3']
  return [Math.ceil(size / 20), Math.ceil(size / 7)].map(String)
}

/**
 * What a read-only run does: it reads the records the first `GET /todos` listed back by id and in
 * the list, asks for ids nobody holds, and filters, searches, sorts and walks the collection, so
 * that every rule reads can judge is judged on the data already there.
 */
export async function readOnlyRun(ops: Operations, first: Observation): Promise<void> {
  const { model } = ops
  adoptListed(model, Array.isArray(first.response?.json) ? first.response.json : [])
  if (model.records.size > 0 && model.claims.includes('paging')) {
    // The ids a paged walk shows are someone's too: an id nobody holds is in neither.
    const walk = await ops.walk({ limit: '50' })
    for (const page of walk.pages ?? [])
      if (Array.isArray(page.json))
        for (const item of page.json) if (isObject(item)) model.foreign.add(keyOf(item.id))
  }
  await ops.list()
  const records = model.settled()
  const toRead = records.slice(0, MAX_READS)
  for (let i = 0; i < toRead.length; i += ops.concurrency)
    await Promise.all(toRead.slice(i, i + ops.concurrency).map((record) => ops.get(record)))
  for (let i = 0; i < 2; i++) await ops.get(String(model.unusedId()), 'unknown-id')
  for (const limit of ['0', '-1', 'abc']) await ops.list({ limit }, 'bad-paging')
  await ops.list({ limit: '2', cursor: 'not-a-cursor-of-yours' }, 'bad-paging')
  const [record] = records
  if (!record) return

  const id = String(record.expected.id)
  await ops.get(`${id}abc`, 'path-id')
  for (const path of [`0${id}`, `${id}.0`, `+${id}`]) await ops.get(path, 'canonical-path-id')

  const samples = samplesOf(records)
  const queries: ListQuery[] = [
    { completed: 'true' },
    { completed: 'false' },
    ...SORT_KEYS.map((order) => ({ order })),
    ...SORT_KEYS.slice(0, 3).map((order) => ({ order, completed: 'false' })),
  ]
  for (const sample of samples) {
    const { content, completed } = sample.expected
    const word = words(content).at(-1)
    queries.push({ id: String(sample.expected.id) }, { content })
    if (word) queries.push({ q: word }, { q: word, completed: String(completed) })
    if (content.trim()) queries.push({ q: content.trim() })
  }
  for (const query of queries) await ops.list(query)

  for (const limit of walkLimits(records.length)) await ops.walk({ limit })
  const [limit = '2'] = walkLimits(records.length).slice(-1)
  await ops.walk({ limit, completed: 'false', order: ['content'] })
  await ops.walk({ limit, order: ['-id'] })
  await ops.list()
}
