import type { FetchLike } from '../src/index.ts'

/** A record as a variant server holds it; foreign data may be malformed on purpose. */
export type StoredRecord = { id: unknown; content: unknown; completed?: unknown } & Record<
  string,
  unknown
>

/**
 * The choices a correct server may make where the contract leaves them open, and (for the
 * engine's own tests) a few defects. Every option defaults to the reference server's choice.
 */
export interface VariantOptions {
  /**
   * How a create without an id gets one. `counter` starts at 1 and ignores existing records;
   * `count-plus-one` is the number of records plus one, as `todos.length + 1` does (a defect).
   */
  assignIds?: 'max-plus-one' | 'lowest-free' | 'counter' | 'count-plus-one' | 'random' | 'none'
  /** What a create does with a client id. `reject`: 400; `ignore`: assigns its own. */
  clientIds?: 'accept' | 'ignore' | 'reject'
  /** Status of a successful create. */
  createStatus?: 200 | 201
  /** Body of a successful DELETE. */
  deleteBody?: 'record' | 'empty-object' | 'text'
  /** Extra fields on every record served. */
  extraFields?: boolean
  /** List order without `order`. */
  unordered?: 'insertion' | 'reverse' | 'shuffled'
  /** `q` matches case-sensitively or not. */
  searchCase?: 'insensitive' | 'sensitive'
  /**
   * `q` read as a full-text index reads it: markup skipped, words under three characters and stop
   * words dropped, the rest stemmed; a record holds every word left, and none left matches none.
   */
  fullText?: boolean
  /** How `order=content` compares strings. */
  collation?: 'code-unit' | 'locale'
  /** PUT to an unknown id creates the record rather than answering 404. */
  putCreates?: boolean
  /**
   * `GET /todos?limit=N`: `keyset` pages with a cursor of its own making (in id order without
   * `order`); `ignored` answers every record, ignoring limit and cursor; `refused` answers 400
   * for them, as for any parameter it does not know.
   */
  paging?: 'keyset' | 'ignored' | 'refused'
  /** How the next page's `Link` names it: an absolute URL, or one relative to the request. */
  pagingLink?: 'absolute' | 'relative'
  /** Defect: a create with an id already held adds a second record, or replaces the first. */
  duplicateIds?: 'add' | 'overwrite'
  /** Defect: stores any JSON object it is sent, unvalidated (as lax servers do). */
  lax?: boolean
  /**
   * Defect: a DELETE of an id nobody holds removes a record and answers it: the last, as
   * `records.splice(records.findIndex(…), 1)` does when the index is -1, or the first.
   */
  deleteMissingRemoves?: 'last' | 'first'
  /** Defect: GET /todos includes this record as served, whatever its shape. */
  malformed?: StoredRecord
  /** Records present before the run. */
  seed?: StoredRecord[]
  /** The largest id a create may choose. @default 2 ** 52 */
  largestClientId?: number
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
const problem = (status: number, detail: string) => json({ status, detail }, status)

const STOP_WORDS = new Set(['again', 'and', 'more', 'the', 'with'])

/** The words a full-text index keeps of `text`, stemmed. */
const lexemes = (text: string) =>
  (
    text
      .replace(/<[^>]*>|&\w+;/g, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => word.replace(/(ing|ed|es|s)$/, '').replace(/([^aeiou])\1$/, '$1'))

function compareText(collation: VariantOptions['collation']) {
  return collation === 'locale'
    ? (a: string, b: string) => a.localeCompare(b)
    : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
}

/**
 * A small in-memory implementation of the contract, written apart from the reference server,
 * whose open choices (and some defects) are options: the kit must pass every correct variant.
 */
export function variantServer(options: VariantOptions = {}) {
  const records: StoredRecord[] = structuredClone(options.seed ?? [])
  const assign = options.assignIds ?? 'max-plus-one'
  const clientIds = options.clientIds ?? 'accept'
  let counter = 0
  const ids = () => records.map((r) => r.id).filter((id): id is number => typeof id === 'number')
  const nextId = (): number => {
    if (assign === 'counter') return ++counter
    if (assign === 'count-plus-one') return records.length + 1
    if (assign === 'lowest-free') {
      let id = 1
      while (ids().includes(id)) id++
      return id
    }
    if (assign === 'random') {
      for (;;) {
        const id = 1 + Math.floor(Math.random() * 99_999)
        if (!ids().includes(id)) return id
      }
    }
    return Math.max(0, ...ids()) + 1
  }
  const find = (id: number) => records.find((r) => r.id === id)
  const serve = (record: StoredRecord) =>
    options.extraFields ? { ...record, owner: 'alice', tags: ['x'] } : record

  const validFields = (body: Record<string, unknown>, complete: boolean): string | undefined => {
    if (complete || 'content' in body) {
      if (typeof body.content !== 'string' || body.content === '') return 'content'
    }
    if (complete || 'completed' in body) {
      if (typeof body.completed !== 'boolean') return 'completed'
    }
    return undefined
  }

  const paging = options.paging ?? 'keyset'
  const known = ['id', 'content', 'completed', 'q', 'order']
  if (paging !== 'refused') known.push('limit', 'cursor')

  const comparator = (order: string) => {
    const text = compareText(options.collation)
    const steps = order.split(',').map((key) => {
      const field = key.replace(/^-/, '')
      const sign = key.startsWith('-') ? -1 : 1
      return (a: StoredRecord, b: StoredRecord) => {
        const x = a[field]
        const y = b[field]
        if (typeof x === 'string' && typeof y === 'string') return sign * text(x, y)
        return sign * (Number(x) - Number(y))
      }
    })
    return (a: StoredRecord, b: StoredRecord) => {
      for (const step of steps) {
        const c = step(a, b)
        if (c !== 0) return c
      }
      return 0
    }
  }

  /** The records a list query selects, in its order; `order` ties broken by id when paging. */
  const select = (params: URLSearchParams, paged: boolean): StoredRecord[] => {
    let result = records.filter((r) => r !== undefined)
    if (params.has('id')) result = result.filter((r) => String(r.id) === params.get('id'))
    if (params.has('content')) result = result.filter((r) => r.content === params.get('content'))
    if (params.has('completed')) {
      result = result.filter((r) => String(r.completed) === params.get('completed'))
    }
    const q = params.get('q')
    if (q !== null && options.fullText) {
      const wanted = lexemes(q)
      result = result.filter(
        (r) =>
          wanted.length > 0 && wanted.every((word) => lexemes(String(r.content)).includes(word)),
      )
    } else if (q !== null) {
      const fold = (text: string) =>
        options.searchCase === 'sensitive' ? text : text.toLowerCase()
      result = result.filter(
        (r) => typeof r.content === 'string' && fold(r.content).includes(fold(q)),
      )
    }
    const order = params.get('order')
    if (paged) return [...result].sort(comparator(order === null ? 'id' : `${order},id`))
    if (order !== null) return [...result].sort(comparator(order))
    if (options.unordered === 'reverse') return [...result].reverse()
    if (options.unordered === 'shuffled') return [...result].sort(() => Math.random() - 0.5)
    return result
  }

  /**
   * One page, keyset-based: the cursor holds the query it belongs to and the page's last record;
   * the next page starts after it in the query's order (ties broken by id).
   */
  const page = (url: URL): Response => {
    const params = new URLSearchParams(url.searchParams)
    const limit = Number(params.get('limit') ?? 20)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return problem(400, 'limit must be an integer from 1 to 100')
    }
    const cursor = params.get('cursor')
    params.delete('limit')
    params.delete('cursor')
    params.sort()
    const fingerprint = params.toString()
    let after: StoredRecord | undefined
    if (cursor !== null) {
      try {
        const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString())
        if (decoded.query !== fingerprint) throw new Error('another query')
        after = decoded.after
      } catch {
        return problem(400, 'cursor is not one this server wrote for this query')
      }
    }
    const compare = comparator(params.has('order') ? `${params.get('order')},id` : 'id')
    const rest = select(params, true).filter((r) => after === undefined || compare(r, after) > 0)
    const items = rest.slice(0, limit)
    const last = items.at(-1)
    if (last === undefined || rest.length <= limit) return json(items.map(serve))
    const next = new URL(url)
    next.searchParams.set(
      'cursor',
      Buffer.from(JSON.stringify({ query: fingerprint, after: last })).toString('base64url'),
    )
    const target = options.pagingLink === 'relative' ? `${next.pathname}${next.search}` : next.href
    return json(items.map(serve), 200, { link: `<${target}>; rel="next"` })
  }

  const list = (url: URL): Response => {
    const params = url.searchParams
    for (const name of params.keys()) {
      if (!known.includes(name)) return problem(400, `unknown query parameter ${name}`)
    }
    if (paging === 'keyset' && (params.has('limit') || params.has('cursor'))) return page(url)
    const served = select(params, false).map(serve)
    if (options.malformed) served.splice(Math.min(1, served.length), 0, options.malformed)
    return json(served)
  }

  const fetch: FetchLike = async (request) => {
    const url = new URL(request.url)
    const method = request.method
    let body: unknown
    if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
      try {
        body = JSON.parse(await request.text())
      } catch {
        return problem(400, 'malformed JSON')
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return problem(400, 'expected an object')
      }
    }
    const fields = body as Record<string, unknown>
    if (url.pathname === '/todos') {
      if (method === 'GET') return list(url)
      if (method !== 'POST') return problem(405, 'method not allowed')
      const invalid = validFields({ completed: false, ...fields }, true)
      if (invalid && !options.lax) return problem(400, `invalid ${invalid}`)
      let id: number
      if (fields.id !== undefined && clientIds === 'reject') return problem(400, 'id is assigned')
      if (fields.id !== undefined && clientIds === 'accept') {
        // Ids it could not count past stay the server's to give, as the reference server does.
        if (
          !Number.isSafeInteger(fields.id) ||
          (fields.id as number) < 1 ||
          (fields.id as number) > (options.largestClientId ?? 2 ** 52)
        ) {
          return problem(400, 'invalid id')
        }
        id = fields.id as number
        if (find(id) && options.duplicateIds === undefined) return problem(409, 'id taken')
      } else {
        if (assign === 'none') return problem(400, 'id is required')
        id = nextId()
      }
      const record = { id, content: fields.content, completed: fields.completed ?? false }
      const held = records.findIndex((r) => r.id === id)
      if (held >= 0 && options.duplicateIds === 'overwrite') records[held] = record
      else records.push(record)
      return json(serve(record), options.createStatus ?? 201)
    }
    const match = /^\/todos\/([^/]+)$/.exec(url.pathname)
    if (!match) return problem(404, 'no such resource')
    const id = Number(match[1])
    if (!/^[1-9][0-9]*$/.test(match[1]!) || !Number.isSafeInteger(id)) {
      return problem(400, 'id must be a positive integer')
    }
    const record = find(id)
    if (method === 'GET') return record ? json(serve(record)) : problem(404, 'not found')
    if (method === 'DELETE') {
      const at = { last: -1, first: 0 }[options.deleteMissingRemoves ?? 'last']
      const [removed] = !record && options.deleteMissingRemoves ? records.splice(at, 1) : []
      if (removed) return json(serve(removed))
      if (!record) return problem(404, 'not found')
      records.splice(records.indexOf(record), 1)
      if (options.deleteBody === 'text') return new Response('deleted', { status: 200 })
      return json(options.deleteBody === 'empty-object' ? {} : serve(record))
    }
    if (method === 'PUT') {
      const invalid = validFields(fields, true)
      if (invalid || fields.id !== id) return problem(400, `invalid ${invalid ?? 'id'}`)
      const replacement = { id, content: fields.content, completed: fields.completed }
      if (!record) {
        if (!options.putCreates) return problem(404, 'not found')
        records.push(replacement)
        return json(serve(replacement), 201)
      }
      records[records.indexOf(record)] = replacement
      return json(serve(replacement))
    }
    if (method === 'PATCH') {
      if (!record) return problem(404, 'not found')
      const unknown = Object.keys(fields).filter((k) => k !== 'content' && k !== 'completed')
      const invalid = validFields(fields, false)
      if (!options.lax && (invalid || unknown.length > 0 || Object.keys(fields).length === 0)) {
        return problem(400, `invalid ${invalid ?? unknown[0] ?? 'body'}`)
      }
      Object.assign(record, fields)
      return json(serve(record))
    }
    return problem(405, 'method not allowed')
  }

  return {
    fetch,
    /** Every record the server holds now. */
    records: () => structuredClone(records),
  }
}
