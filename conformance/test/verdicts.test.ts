import { describe, expect, it } from 'vitest'
import {
  type ConformanceReport,
  type FetchLike,
  renderJunit,
  renderPretty,
  renderReport,
  runConformance,
} from '../src/index.ts'
import { isObject } from '../src/rules/rule.ts'
import { bodyOf, get, is, json, pathId, rewrite, routeOf } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'
import { variantServer } from './variant-server.ts'

/** The reference server with `defect` in front of it, checked with everything claimed. */
async function check(defect: (inner: FetchLike) => FetchLike): Promise<ConformanceReport> {
  const { fetch } = referenceApp()
  return runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: defect(fetch),
    capabilities: 'all',
    strict: true,
    timeout: 500,
    budget: { requests: 400 },
  })
}

const failed = (report: ConformanceReport) =>
  report.checks.filter((c) => c.status === 'failed').map((c) => c.id)
const statusOf = (report: ConformanceReport, id: string) =>
  report.checks.find((c) => c.id === id)?.status

const counted = (report: ConformanceReport) =>
  report.checks.filter((c) => c.status === 'failed' && c.counted).map((c) => c.id)

describe('one defect, one verdict, under the rule it breaks', () => {
  it('a 204 DELETE is charged once, to "DELETE answers 200", and the record is judged gone', async () => {
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'DELETE', 'record') && response.ok
        ? new Response(null, { status: 204 })
        : response
    })
    expect(counted(report)).toEqual(['delete.answers-200'])
    expect(statusOf(report, 'delete.removes')).toBe('passed')
  })

  it('a GET of an id nobody holds answered 200 with null is judged by the 404 recommendation alone', async () => {
    // The contract does not say what an unknown id gets: no required rule judges the answer.
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'record') && response.status === 404 ? json(null) : response
    })
    expect(failed(report)).toEqual(['ids.unknown-404'])
  })

  it('a 204 PUT is charged once, to "PUT answers the replaced todo"', async () => {
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'PUT', 'record') && response.ok
        ? new Response(null, { status: 204 })
        : response
    })
    expect(counted(report)).toEqual(['replace.answers-replaced'])
  })

  it('a content a PATCH stored as sent is charged to the wrong-types rule alone, not to the answers of later writes', async () => {
    // As json-server 1.x does: a PATCH stores its content as sent, of whatever type, and every
    // answer and read shows it until a write sends a string.
    const asSent = new Map<string, unknown>()
    const shown = (todo: unknown) => {
      const key = isObject(todo) ? String(todo.id) : ''
      return asSent.has(key) ? { ...(todo as object), content: asSent.get(key) } : todo
    }
    const report = await check((inner) => async (request) => {
      const key = routeOf(request) === 'record' ? pathId(request) : undefined
      const body = await bodyOf(request)
      const wrong =
        request.method === 'PATCH' && body && 'content' in body && typeof body.content !== 'string'
      if (key && body && 'content' in body && !wrong) asSent.delete(key)
      const { content, ...rest } = body ?? {}
      const sent = Object.keys(rest).length > 0 ? rewrite(request, { body: rest }) : undefined
      const response = await (wrong
        ? sent
          ? inner(sent)
          : get(inner, request, new URL(request.url).pathname)
        : inner(request))
      if (key && wrong && response.ok) asSent.set(key, content)
      if (!response.ok || !response.headers.get('content-type')?.includes('json')) return response
      const answer: unknown = await response.json()
      const shownAnswer = Array.isArray(answer) ? answer.map(shown) : shown(answer)
      const link = response.headers.get('link')
      return json(shownAnswer, response.status, link ? { link } : {})
    })
    expect(counted(report)).toEqual(['write.wrong-types'])
  })

  it('a PUT that writes to the body id rather than the path is charged once, to the body-id rule, and the lists that show it are not charged again', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PUT', 'record') ? await bodyOf(request) : undefined
      const bodyId = body?.id
      if (bodyId === undefined || String(bodyId) === pathId(request)) return inner(request)
      const other = new URL(`./${String(bodyId)}`, request.url)
      return inner(rewrite(request, { url: other.href, body }))
    })
    expect(counted(report)).toEqual(['write.body-id'])
  }, 120_000)

  it('a server with no PUT or PATCH route fails those operations, and "keeps unsent fields" is not charged', async () => {
    const report = await check(
      (inner) => (request) =>
        ['PUT', 'PATCH'].includes(request.method) && routeOf(request) === 'record'
          ? json({ title: 'Method Not Allowed' }, 405)
          : inner(request),
    )
    expect(failed(report)).toEqual(
      expect.arrayContaining(['replace.answers-replaced', 'patch.answers-updated']),
    )
    expect(statusOf(report, 'patch.keeps-unsent')).not.toBe('failed')
  })

  it('a POST that drops completed is charged to the create, not to the filter', async () => {
    const report = await check((inner) => async (request) => {
      if (!is(request, 'POST', 'list')) return inner(request)
      const body = (await bodyOf(request)) ?? {}
      return inner(rewrite(request, { body: { ...body, completed: false } }))
    })
    expect(failed(report)).toContain('create.answers-stored')
    expect(statusOf(report, 'filter.matches')).not.toBe('failed')
  })

  it('a completed filter read as truthy is charged to the filter alone, also where q goes with it', async () => {
    // `Boolean('false')` is true: ?completed=false lists the completed records.
    const report = await check((inner) => (request) => {
      if (!is(request, 'GET', 'list')) return inner(request)
      const url = new URL(request.url)
      if (url.searchParams.get('completed') === 'false') url.searchParams.set('completed', 'true')
      return inner(new Request(url, request))
    })
    expect(failed(report)).toContain('filter.matches')
    expect(statusOf(report, 'search.matches')).not.toBe('failed')
  })

  it('content stored HTML-escaped is charged to content.exact alone, in the run’s own contents too', async () => {
    const entities: Record<string, string> = {
      '&': '&amp;',
      '<': '&lt;',
      '>': '&gt;',
      "'": '&#39;',
    }
    const report = await check((inner) => async (request) => {
      const body = ['POST', 'PUT', 'PATCH'].includes(request.method)
        ? await bodyOf(request)
        : undefined
      if (typeof body?.content !== 'string') return inner(request)
      const content = body.content.replace(/[&<>']/g, (char) => entities[char] ?? char)
      return inner(rewrite(request, { body: { ...body, content } }))
    })
    expect(counted(report)).toEqual(['content.exact'])
  })

  it('a read by id that shows another record of the run is charged to the read, not to content.exact', async () => {
    // A cache keyed by something other than the id: a record stored as "42" reads as another.
    let other: Record<string, unknown> | undefined
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      if (!is(request, 'GET', 'record') || response.status !== 200) return response
      const todo = (await response.json()) as Record<string, unknown>
      if (String(todo.content).startsWith('tk')) other = todo
      return json(todo.content === '42' && other ? { ...other, id: todo.id } : todo)
    })
    expect(statusOf(report, 'content.exact')).not.toBe('failed')
    expect(failed(report)).toContain('get.returns-record')
  })

  it('catches a PATCH that flips completed rather than setting it to the value sent', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      if (typeof body?.completed !== 'boolean') return inner(request)
      const stored = await (await get(inner, request, new URL(request.url).pathname)).json()
      return inner(rewrite(request, { body: { ...body, completed: !stored.completed } }))
    })
    expect(failed(report)).toContain('patch.answers-updated')
  })

  it('a PATCH that saves the whole record it read loses one of two PATCHes sent at once: charged to read.current with both writes shown, not to read.atomic', async () => {
    // As Django REST Framework's partial update does: the model's save() writes every field.
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      if (body === undefined) return inner(request)
      const read = await get(inner, request, new URL(request.url).pathname)
      if (read.status !== 200) return inner(rewrite(request, { body }))
      const stored = await read.json()
      await new Promise((resolve) => setTimeout(resolve, 5))
      return inner(rewrite(request, { method: 'PUT', body: { ...stored, ...body } }))
    })
    expect(counted(report)).toEqual(['read.current'])
    expect(statusOf(report, 'read.atomic')).toBe('passed')
    const lost = report.checks.find((check) => check.id === 'read.current')
    expect(lost?.message).toMatch(/two writes sent at once/)
    const methods = lost?.exchanges?.map((exchange) => exchange.method)
    expect(methods).toEqual(['PATCH', 'PATCH', 'GET'])
  })

  it('a PATCH that answers its content but never stores it is charged to read.current, not to the queries that show the record as it is stored', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      if (typeof body?.content !== 'string' || 'completed' in body) return inner(request)
      const stored = await get(inner, request, new URL(request.url).pathname)
      return stored.ok ? json({ ...(await stored.json()), content: body.content }) : stored
    })
    expect(counted(report)).toContain('read.current')
    expect(counted(report).filter((id) => /^(filter|search|sort|paging)\./.test(id))).toEqual([])
  })

  it('a PATCH that clears the fields it was not sent is charged to the PATCH rules alone, also where two PATCHes were sent at once', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      if (body === undefined) return inner(request)
      const cleared = { id: Number(pathId(request)), content: '42', completed: false, ...body }
      return inner(rewrite(request, { method: 'PUT', body: cleared }))
    })
    // '42' is a content the run writes elsewhere: shown here, it is still no write's of the pair.
    expect(counted(report)).toContain('patch.keeps-unsent')
    expect(counted(report).filter((id) => !id.startsWith('patch.'))).toEqual([])
  })

  it('passes a PATCH that ignores a wrongly typed field and answers the record unchanged, as a Go map binding does', async () => {
    const typeOf = { content: 'string', completed: 'boolean' } as Record<string, string>
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      if (body === undefined) return inner(request)
      const typed = Object.fromEntries(
        Object.entries(body).filter(
          ([name, value]) => !typeOf[name] || typeof value === typeOf[name],
        ),
      )
      if (Object.keys(typed).length === 0) return get(inner, request, new URL(request.url).pathname)
      return inner(rewrite(request, { body: typed }))
    })
    expect(counted(report)).toEqual([])
  })

  it.each([
    ['PATCH', 'record'],
    ['POST', 'list'],
  ] as const)(
    'catches a %s that reads completed "false" as true, as Boolean() and Python\'s bool() do',
    async (method, route) => {
      const report = await check((inner) => async (request) => {
        const body = is(request, method, route) ? await bodyOf(request) : undefined
        if (body === undefined || !('completed' in body)) return inner(request)
        return inner(rewrite(request, { body: { ...body, completed: Boolean(body.completed) } }))
      })
      expect(failed(report)).toContain('write.wrong-types')
    },
  )

  it('a create refused for completed false, as gin does with a required bool, is charged to the create, and the server is still seen to assign ids', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
      if (body?.completed !== false) return inner(request)
      return json({ error: "Field validation for 'Completed' failed on the 'required' tag" }, 400)
    })
    expect(failed(report)).toContain('create.answers-stored')
    expect(report.observed.idAssignment).toBe('assigns')
  })

  it('a create answered 201 without a body is charged to the create, not to refused writes or wrong types', async () => {
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      const created = is(request, 'POST', 'list') && response.status === 201
      return created ? new Response(null, { status: 201 }) : response
    })
    expect(failed(report)).toContain('create.answers-stored')
    expect(failed(report)).not.toContain('write.refused-no-trace')
    expect(failed(report)).not.toContain('write.wrong-types')
  })

  it('a DELETE that answers 200 and leaves the record listed is charged to delete.removes, not to the queries that list it', async () => {
    // A soft delete that the read by id honours and the list does not.
    const deleted = new Set<string>()
    const report = await check((inner) => async (request) => {
      const id = pathId(request)
      if (is(request, 'DELETE', 'record') && id !== undefined) {
        const read = await get(inner, request, new URL(request.url).pathname)
        if (read.status === 200) deleted.add(id)
        return read
      }
      if (is(request, 'GET', 'record') && id !== undefined && deleted.has(id))
        return json({ title: 'not found' }, 404)
      return inner(request)
    })
    // The DELETE sent again answers 200 too, where ids.unknown-404 recommends 404.
    expect(counted(report)).toEqual(['delete.removes', 'ids.unknown-404'])
  })

  it('a list that leaves out a record a refused write was aimed at is charged to the list, not to the refusal', async () => {
    // A list cut at an internal page, as a leftover LIMIT 100 does.
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      if (!is(request, 'GET', 'list') || new URL(request.url).search) return response
      const items: unknown = await response.json()
      return json(Array.isArray(items) ? items.slice(0, 100) : items, response.status)
    })
    expect(counted(report)).toContain('list.holds-live-records')
    expect(counted(report)).not.toContain('write.refused-no-trace')
  })

  it('a cut at an internal page that every list query shares is charged to list.holds-live-records alone', async () => {
    const report = await check((inner) => async (request) => {
      const response = await inner(request)
      if (!is(request, 'GET', 'list') || new URL(request.url).searchParams.has('limit'))
        return response
      const items: unknown = await response.json()
      return json(Array.isArray(items) ? items.slice(0, 100) : items, response.status)
    })
    expect(counted(report)).toEqual(['list.holds-live-records'])
  })

  it('catches a PATCH whose body id no record holds moving the record there', async () => {
    const report = await check((inner) => async (request) => {
      const body = is(request, 'PATCH', 'record') ? await bodyOf(request) : undefined
      const path = new URL(request.url).pathname
      if (body?.id === undefined || String(body.id) === pathId(request)) return inner(request)
      if ((await get(inner, request, `/todos/${body.id}`)).status !== 404) return inner(request)
      const stored = await (await get(inner, request, path)).json()
      await inner(rewrite(request, { method: 'DELETE', body: undefined }))
      const moved = await inner(
        rewrite(request, {
          method: 'POST',
          url: new URL('/todos', request.url).href,
          body: { ...stored, ...body },
        }),
      )
      return json(await moved.json())
    })
    expect(failed(report)).toContain('write.body-id')
    // The record it moved is the run's, and removed.
    expect(report.residue).toEqual([])
    expect(report.cleanup.verified).toBe(true)
  })

  it('catches a server that answers 500 for a path id past 64 bits', async () => {
    const report = await check((inner) => async (request) => {
      const overflows = is(request, 'GET', 'record') && pathId(request).length > 19
      return overflows ? json({ error: 'OverflowError' }, 500) : inner(request)
    })
    expect(failed(report)).toContain('errors.client-mistakes')
  })

  it('a read that shows a deleted record of the run at its reused id is not charged to content.exact', async () => {
    // Ids are reused (the lowest free one), and reads by id come from a cache DELETE leaves alone.
    // Several seeds, as which record comes to a freed id is drawn.
    for (const seed of [1, 2, 3, 4]) {
      const server = variantServer({ assignIds: 'lowest-free' })
      const cache = new Map<string, unknown>()
      const report = await runConformance({
        baseUrl: IN_PROCESS_URL,
        seed,
        fetch: async (request) => {
          const path = new URL(request.url).pathname
          if (is(request, 'GET', 'record') && cache.has(path)) return json(cache.get(path))
          const response = await server.fetch(request)
          if (['PUT', 'PATCH'].includes(request.method)) cache.delete(path)
          if (is(request, 'GET', 'record') && response.ok)
            cache.set(path, await response.clone().json())
          return response
        },
      })
      expect(statusOf(report, 'content.exact'), `seed ${seed}`).not.toBe('failed')
      expect(failed(report), `seed ${seed}`).toContain('read.current')
    }
  }, 120_000)

  it('creates that fail once id 2^53 − 1 is stored are charged to the create that stored it, not to a create with id null accepted before', async () => {
    const { fetch } = variantServer({ largestClientId: 2 ** 53 - 1 })
    let pastExact = false
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      budget: { requests: 200 },
      async fetch(request) {
        const body = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
        if (body === undefined) return fetch(request)
        // A null id is no id, as a database's own default takes it.
        if (body.id === null) return fetch(rewrite(request, { body: { ...body, id: undefined } }))
        if (body.id === undefined && pastExact) return json({ detail: 'id out of range' }, 500)
        pastExact ||= body.id === 2 ** 53 - 1
        return fetch(request)
      },
    })
    expect(counted(report)).toContain('create.answers-stored')
    expect(counted(report)).not.toContain('write.wrong-types')
    const create = report.checks.find((check) => check.id === 'create.answers-stored')
    expect(create?.message).toMatch(/since POST \/todos \{"id":9007199254740991/)
  })

  it('ids handed out twice, as `todos.length + 1` does after a delete, are charged to ids.unique alone, also once a write reached one of the two', async () => {
    const { fetch } = variantServer({ assignIds: 'count-plus-one' })
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch, capabilities: 'all' })
    expect(counted(report)).toEqual(['ids.unique'])
  })

  it('a DELETE of a missing id that removes the last record, as splice(-1, 1) does, is charged once, also where a record the run deletes later was already gone', async () => {
    const { fetch } = variantServer({
      deleteMissingRemoves: 'last',
      assignIds: 'counter',
      clientIds: 'reject',
    })
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch, capabilities: 'all' })
    expect(counted(report)).toEqual(['list.holds-live-records'])
  })

  it('a PATCH that moves a record to its body id, as Object.assign does, is charged to that and to the ids it shares, nothing else', async () => {
    // Several seeds, as which writes the exploration sends to a moved record is drawn.
    for (const seed of [1, 2, 3, 4]) {
      const mine = { id: 1, content: 'mine', completed: false }
      const server = variantServer({ lax: true, seed: [mine] })
      const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: server.fetch, seed })
      const counted = report.checks.filter((check) => check.status === 'failed' && check.counted)
      expect(counted.map((check) => check.id).sort(), `seed ${seed}`).toEqual([
        'ids.unique',
        'write.body-id',
        'write.wrong-types',
      ])
    }
  }, 120_000)

  it('a PATCH that is not applied fails "answers the updated todo", not "keeps unsent fields"', async () => {
    const report = await check(
      (inner) => (request) =>
        is(request, 'PATCH', 'record')
          ? get(inner, request, new URL(request.url).pathname)
          : inner(request),
    )
    expect(failed(report)).toContain('patch.answers-updated')
    expect(statusOf(report, 'patch.keeps-unsent')).toBe('passed')
  })

  it('catches a PATCH that ignores completed: false', async () => {
    const report = await check((inner) => async (request) => {
      if (!is(request, 'PATCH', 'record')) return inner(request)
      const { completed, ...rest } = (await bodyOf(request)) ?? {}
      if (completed !== false) return inner(request)
      if (Object.keys(rest).length === 0) return get(inner, request, new URL(request.url).pathname)
      return inner(rewrite(request, { body: rest }))
    })
    expect(failed(report)).toContain('patch.answers-updated')
  })

  it('charges a mixed query that fails to the capability that already failed alone', async () => {
    // The filter breaks on a content with a space, alone or beside order or q: one cause.
    const report = await check((inner) => async (request) => {
      const content = new URL(request.url).searchParams.get('content')
      return is(request, 'GET', 'list') && content?.includes(' ')
        ? json({ error: 'internal error' }, 500)
        : inner(request)
    })
    expect(counted(report)).toEqual(['filter.matches'])
  })

  it('catches a create without completed that stores none, under the field rule', async () => {
    const { store, fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: async (request) => {
        const response = await fetch(request)
        if (!is(request, 'POST', 'list') || !response.ok) return response
        const sent = (await bodyOf(request)) ?? {}
        if ('completed' in sent) return response
        const created = (await response.json()) as { id: number; content: string }
        return json({ id: created.id, content: created.content }, 201)
      },
    })
    expect(counted(report)).toContain('todo.fields')
    expect([...store]).toEqual([])
  }, 120_000)

  it('a sort that todos stored without completed throw off is charged to the field rule, not to the sort', async () => {
    const { fetch } = referenceApp()
    const bare = new Set<unknown>()
    const strip = (todo: Record<string, unknown>) => {
      if (!bare.has(todo.id)) return todo
      const { completed: _, ...rest } = todo
      return rest
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      capabilities: ['sort'],
      budget: { requests: 200 },
      async fetch(request) {
        const sent = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
        const response = await fetch(request)
        if (request.method !== 'GET' && sent === undefined) return response
        if (!response.ok) return response
        const body = (await response.json()) as Record<string, unknown> | Record<string, unknown>[]
        if (sent && !('completed' in sent)) bare.add((body as Record<string, unknown>).id)
        if (!Array.isArray(body)) return json(strip(body), response.status)
        const listed = body.map(strip)
        // A comparator that a missing completed turns to NaN, as `a.completed - b.completed` does.
        if (new URL(request.url).searchParams.get('order') === 'completed')
          listed
            .sort((a, b) => Number(a.id) - Number(b.id))
            .sort((a, b) => Number(a.completed) - Number(b.completed))
        return json(listed)
      },
    })
    expect(counted(report)).toContain('todo.fields')
    expect(counted(report)).not.toContain('sort.ascending')
  }, 120_000)

  it('catches ids and fields a lax server stores as sent, and names what it cannot prove its own', async () => {
    const stored = new Map<string, Record<string, unknown>>()
    // A lax server over a plain map: stores bodies as sent, keyed by the id it is given.
    const lax: FetchLike = async (request) => {
      const body = (await bodyOf(request)) ?? {}
      if (is(request, 'GET', 'list')) return json([...stored.values()])
      if (is(request, 'POST', 'list')) {
        const id = body.id ?? stored.size + 1
        stored.set(String(id), { ...body, id })
        return json(stored.get(String(id)), 201)
      }
      const key = pathId(request)
      const found = stored.get(key)
      if (!found) return json({ title: 'Not Found' }, 404)
      if (request.method === 'GET') return json(found)
      if (request.method === 'DELETE') {
        stored.delete(key)
        return json({})
      }
      const next = request.method === 'PUT' ? { ...body } : { ...found, ...body }
      stored.set(key, next)
      return json(next)
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: lax })
    expect(failed(report)).toEqual(
      expect.arrayContaining(['write.wrong-types', 'errors.client-mistakes']),
    )
    expect(report.ok).toBe(false)
  })
})

const capped = referenceApp()

describe('a server the kit cannot judge, or that hides its defects behind a refusal', () => {
  it('never exits 0 when every create is refused: the rules it could not judge are named', async () => {
    const report = await check(
      (inner) => (request) =>
        is(request, 'POST', 'list') ? json({ title: 'Unprocessable' }, 422) : inner(request),
    )
    expect(report.ok).toBe(false)
    expect(report.verdict).not.toBe('pass')
    const unjudged = report.checks.filter((c) => c.status === 'skipped' && c.counted)
    expect(unjudged.map((c) => c.id)).toEqual(
      expect.arrayContaining(['get.returns-record', 'patch.keeps-unsent']),
    )
    expect(unjudged[0]?.message).toMatch(/^not judged: no create succeeded/)
    expect(failed(report)).toContain('create.answers-stored')
  })

  it('fails a server with no PATCH route that caps content at 50 characters, as a FastAPI one did', async () => {
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: async (request) => {
        const { fetch } = capped
        if (request.method === 'PATCH') return json({ detail: 'Method Not Allowed' }, 405)
        const body = ['POST', 'PUT'].includes(request.method) ? await bodyOf(request) : undefined
        if (typeof body?.content === 'string' && [...body.content].length > 50)
          return json({ detail: 'too long' }, 422)
        return fetch(request)
      },
    })
    expect(report.ok).toBe(false)
    expect(counted(report)).toEqual(['patch.answers-updated'])
    // The creates went through: the rules that need records were judged, not skipped, but for
    // the one no PATCH could show.
    expect(
      report.checks.filter((c) => c.status === 'skipped' && c.counted).map((c) => c.id),
    ).toEqual(['patch.keeps-unsent'])
  })
})

describe('a server that stops answering mid-run', () => {
  it('ends the run and reports it unreachable, not as contract failures', async () => {
    const { fetch } = referenceApp()
    let requests = 0
    const dying: FetchLike = (request) => {
      if (++requests > 60) {
        return Promise.reject(
          new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }),
        )
      }
      return fetch(request)
    }
    const report = await runConformance({ baseUrl: IN_PROCESS_URL, fetch: dying })
    expect(report.unreachable).toMatch(/ECONNREFUSED/)
    expect(report.checks.filter((c) => c.status === 'failed')).toEqual([])
    expect(report).toMatchObject({ ok: false, verdict: 'partial' })
    expect(report.cleanup.verified).toBe(false)
    const text = renderPretty(report)
    expect(text).toMatch(/^Server unreachable: .*ECONNREFUSED/m)
    expect(text).toMatch(/^PARTIAL .*stopped answering/m)
    expect(renderJunit(report)).toMatch(
      /<error message="the server stopped answering: .*ECONNREFUSED/,
    )
    expect(JSON.parse(renderReport(report, 'json')).unreachable).toMatch(/ECONNREFUSED/)
  })
})

describe('a run with a signal', () => {
  // Node 20 and 22 warn (MaxListenersExceededWarning) at an eleventh abort listener on one
  // signal, in the middle of the CLI's report; Node 24 no longer does, so count them.
  it('adds one abort listener to it, not one per request in flight', async () => {
    const controller = new AbortController()
    const { signal } = controller
    let live = 0
    let most = 0
    const add = signal.addEventListener.bind(signal)
    const remove = signal.removeEventListener.bind(signal)
    signal.addEventListener = (...args: Parameters<typeof add>) => {
      most = Math.max(most, ++live)
      add(...args)
    }
    signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      live--
      remove(...args)
    }
    const { fetch } = referenceApp()
    const slow: FetchLike = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return fetch(request)
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: slow,
      signal,
      budget: { requests: 200 },
    })
    expect(report.summary.passed).toBeGreaterThan(20)
    expect(report.requests).toBeGreaterThan(100)
    expect(most).toBeLessThanOrEqual(1)
  })

  it('removes a record whose create it interrupted, as the record’s content proves it the run’s', async () => {
    const controller = new AbortController()
    const { fetch, store } = referenceApp()
    let posts = 0
    // The signal aborts once the server has stored a create, before its answer reaches the kit.
    const interrupted: FetchLike = async (request) => {
      const response = await fetch(request)
      if (request.method === 'POST' && ++posts === 5) controller.abort()
      return response
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: interrupted,
      signal: controller.signal,
    })
    expect(report.interrupted).toBe(true)
    expect(posts).toBe(5)
    expect(report.residue).toEqual([])
    expect([...store]).toEqual([])
  })
})
