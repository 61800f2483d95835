import { cell, markdownTable } from '../scripts/markdown-table.ts'
import { type FetchLike, runConformance } from '../src/index.ts'
import {
  bodyOf,
  eachTodo,
  editJson,
  get,
  is,
  json,
  pagedBy,
  pathId,
  rewrite,
  routeOf,
  withQuery,
} from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/**
 * A deliberately broken implementation: the reference server's `fetch` with one defect
 * injected, so no second implementation of the contract is written.
 */
export interface Mutant {
  name: string
  /** The defect, as a sentence. */
  defect: string
  /** The rule meant to catch it. */
  caughtBy: string
  wrap(inner: FetchLike): FetchLike
  /** Per-request timeout for this mutant's run (short for a hanging endpoint). */
  timeout?: number
  /** Why surviving is acceptable; a survivor without one fails the test. */
  justification?: string
}

const NEVER = new Promise<Response>(() => {})

/** Runs `defect` for requests that `applies` to, and the correct server for the rest. */
function when(
  applies: (request: Request) => boolean,
  defect: (request: Request, inner: FetchLike) => Promise<Response> | Response,
): Mutant['wrap'] {
  return (inner) => (request) => (applies(request) ? defect(request, inner) : inner(request))
}

const filterParameters = ['id', 'content', 'completed']

/** What a Latin-1 column keeps of a string: characters beyond U+00FF become '?'. */
function toLatin1(text: string): string {
  return Array.from(text, (char) => (char.codePointAt(0)! > 0xff ? '?' : char)).join('')
}

export const mutants: readonly Mutant[] = [
  {
    name: 'patch-overwrites-unsent',
    defect: 'PATCH resets the fields it did not receive to defaults (a PUT in disguise)',
    caughtBy: 'patch.keeps-unsent',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const sent = (await bodyOf(request)) ?? {}
        const body = { id: Number(pathId(request)), content: 'untitled', completed: false, ...sent }
        return inner(rewrite(request, { method: 'PUT', body }))
      },
    ),
  },
  {
    name: 'patch-ignores-sent',
    defect: 'PATCH answers 200 with the stored record and changes nothing',
    caughtBy: 'patch.answers-updated',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      (request, inner) => get(inner, request, new URL(request.url).pathname),
    ),
  },
  {
    name: 'patch-hangs',
    defect: 'PATCH never answers',
    caughtBy: 'patch.answers-updated',
    timeout: 200,
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      () => NEVER,
    ),
  },
  {
    name: 'put-ignores-content',
    defect: 'PUT stores only completed and keeps the old content',
    caughtBy: 'replace.answers-replaced',
    wrap: when(
      (r) => is(r, 'PUT', 'record'),
      async (request, inner) => {
        const sent = (await bodyOf(request)) ?? {}
        return inner(rewrite(request, { method: 'PATCH', body: { completed: sent.completed } }))
      },
    ),
  },
  {
    name: 'put-not-stored',
    defect: 'PUT echoes the replacement with 200 but does not store it',
    caughtBy: 'read.current',
    wrap: when(
      (r) => is(r, 'PUT', 'record'),
      async (request, inner) => {
        const current = await get(inner, request, new URL(request.url).pathname)
        return current.ok ? json(await bodyOf(request)) : current
      },
    ),
  },
  {
    name: 'put-answers-other-record',
    defect: 'PUT stores the replacement but answers with the first record of the collection',
    caughtBy: 'replace.answers-replaced',
    wrap: when(
      (r) => is(r, 'PUT', 'record'),
      async (request, inner) => {
        const response = await inner(request)
        if (!response.ok) return response
        const [first] = (await (await get(inner, request, '/todos')).json()) as unknown[]
        return json(first)
      },
    ),
  },
  {
    name: 'put-accepts-incomplete',
    defect: 'PUT fills missing fields from the stored record instead of refusing the body',
    caughtBy: 'put.complete-record',
    wrap: when(
      (r) => is(r, 'PUT', 'record'),
      async (request, inner) => {
        const current = await get(inner, request, new URL(request.url).pathname)
        if (!current.ok) return inner(request)
        const body = { ...((await current.json()) as object), ...(await bodyOf(request)) }
        return inner(rewrite(request, { body }))
      },
    ),
  },
  {
    name: 'put-unknown-creates',
    defect: 'PUT to an unknown id creates the record instead of answering 404',
    caughtBy: 'ids.unknown-404',
    justification:
      'PUT creating a record at an unknown id is a choice the contract leaves open (rule 2 only says PUT carries the complete record)',
    wrap: (inner) => async (request) => {
      const response = await inner(request.clone())
      if (!is(request, 'PUT', 'record') || response.status !== 404) return response
      const created = await inner(
        rewrite(request, {
          method: 'POST',
          url: new URL('/todos', request.url).href,
          body: await bodyOf(request),
        }),
      )
      return new Response(created.body, { status: 200, headers: created.headers })
    },
  },
  {
    name: 'delete-leaves-record',
    defect: 'DELETE answers 200 but keeps the record',
    caughtBy: 'delete.removes',
    wrap: when(
      (r) => is(r, 'DELETE', 'record'),
      async (request, inner) => {
        const current = await get(inner, request, new URL(request.url).pathname)
        return current.ok ? json({}) : current
      },
    ),
  },
  {
    name: 'deleted-still-readable-by-id',
    defect: 'GET /todos/{id} serves a deleted record from a stale cache',
    caughtBy: 'ids.unknown-404',
    wrap: (inner) => {
      const cache = new Map<string, unknown>()
      return async (request) => {
        if (is(request, 'DELETE', 'record')) {
          const current = await get(inner, request, new URL(request.url).pathname)
          if (current.ok) cache.set(pathId(request), await current.json())
        }
        const response = await inner(request)
        if (is(request, 'GET', 'record') && response.status === 404 && cache.has(pathId(request))) {
          return json(cache.get(pathId(request)))
        }
        return response
      }
    },
  },
  {
    name: 'delete-answers-204',
    defect: 'DELETE answers 204 No Content where the contract gives 200',
    caughtBy: 'delete.answers-200',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'DELETE', 'record') && response.status === 200
        ? new Response(null, { status: 204 })
        : response
    },
  },
  {
    name: 'second-delete-200',
    defect: 'DELETE of a missing record answers 200',
    caughtBy: 'ids.unknown-404',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'DELETE', 'record') && response.status === 404 ? json({}) : response
    },
  },
  {
    name: 'created-missing-from-list',
    defect: 'GET /todos leaves out records created since the server started (a stale list cache)',
    caughtBy: 'list.holds-live-records',
    wrap: (inner) => {
      const created = new Set<unknown>()
      return async (request) => {
        const response = await inner(request)
        if (is(request, 'POST', 'list') && response.ok) {
          created.add(((await response.clone().json()) as { id: unknown }).id)
        }
        if (!is(request, 'GET', 'list')) return response
        return editJson(response, (list) =>
          Array.isArray(list) ? list.filter((todo) => !created.has(todo.id)) : list,
        )
      }
    },
  },
  {
    name: 'create-answers-202',
    defect: 'POST answers 202 Accepted instead of 200 or 201',
    caughtBy: 'create.answers-stored',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'POST', 'list') && response.ok
        ? new Response(response.body, { status: 202, headers: response.headers })
        : response
    },
  },
  {
    name: 'create-reports-other-id',
    defect: 'POST ignores the proposed id but answers with it, so the id it reports does not exist',
    caughtBy: 'get.returns-record',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const { id, ...rest } = (await bodyOf(request)) ?? {}
        const response = await inner(rewrite(request, { body: rest }))
        return editJson(response, (todo) => ({ ...(todo as object), id }))
      },
    ),
  },
  {
    name: 'ids-reused-under-concurrency',
    defect: 'POST picks max(id)+1 without a lock, so concurrent creates overwrite each other',
    caughtBy: 'ids.unique',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const { id: _ignored, ...rest } = (await bodyOf(request)) ?? {}
        const list = (await (await get(inner, request, '/todos')).json()) as Array<{ id: number }>
        const id = Math.max(0, ...list.map((todo) => todo.id)) + 1
        await new Promise((resolve) => setTimeout(resolve, 5))
        const created = await inner(rewrite(request, { body: { ...rest, id } }))
        if (created.status !== 409) return created
        const url = new URL(`/todos/${id}`, request.url).href
        const replaced = await inner(
          rewrite(request, { method: 'PUT', url, body: { completed: false, ...rest, id } }),
        )
        return new Response(replaced.body, { status: 201, headers: replaced.headers })
      },
    ),
  },
  {
    name: 'id-counter-ignores-client-ids',
    defect:
      'POST counts server ids on from its own counter, as a SERIAL column does after explicit ids, so a create meets an id a client chose and answers 500',
    caughtBy: 'create.answers-stored',
    wrap: (inner) => {
      let counter: number | undefined
      return async (request) => {
        const sent = is(request, 'POST', 'list') ? await bodyOf(request) : undefined
        if (!sent || 'id' in sent) return inner(request)
        if (counter === undefined) {
          const created = await inner(request)
          const body = (await created.clone().json()) as { id?: unknown }
          if (typeof body.id === 'number') counter = body.id + 1
          return created
        }
        const created = await inner(rewrite(request, { body: { ...sent, id: counter++ } }))
        return created.status === 409 ? json({ detail: 'duplicate key' }, 500) : created
      }
    },
  },
  {
    name: 'nul-in-content-500',
    defect: 'A content holding U+0000 reaches a database that cannot store it, and answers 500',
    caughtBy: 'create.answers-stored',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const { content } = (await bodyOf(request)) ?? {}
        const nul = typeof content === 'string' && content.includes('\u0000')
        return nul ? json({ detail: 'invalid byte sequence' }, 500) : inner(request)
      },
    ),
  },
  {
    name: 'list-query-unchecked-500',
    defect:
      'An order by no field, or a filter value of the wrong type, reaches SQL and answers 500',
    caughtBy: 'errors.client-mistakes',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) => {
        const query = new URL(request.url).searchParams
        const orders = (query.get('order') ?? '').split(',').filter(Boolean)
        const badOrder = orders.some((key) => !/^-?(id|content|completed)$/.test(key))
        const badId = query.has('id') && !/^\d+$/.test(query.get('id') ?? '')
        return badOrder || badId ? json({ detail: 'syntax error' }, 500) : inner(request)
      },
    ),
  },
  {
    name: 'get-returns-wrong-record',
    defect: 'GET /todos/{id} returns the first record of the collection',
    caughtBy: 'get.returns-record',
    wrap: when(
      (r) => is(r, 'GET', 'record'),
      async (request, inner) => {
        const list = (await (await get(inner, request, '/todos')).json()) as unknown[]
        return list.length > 0 ? json(list[0]) : inner(request)
      },
    ),
  },
  {
    name: 'unknown-id-500',
    defect: 'GET /todos/{id} for a missing record answers 500',
    caughtBy: 'ids.unknown-404',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'record') && response.status === 404
        ? json({ error: 'oops' }, 500)
        : response
    },
  },
  {
    name: 'unknown-id-200-null',
    defect: 'GET /todos/{id} for a missing record answers 200 with null',
    caughtBy: 'ids.unknown-404',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'record') && response.status === 404 ? json(null) : response
    },
  },
  {
    name: 'patch-unknown-500',
    defect: 'PATCH of a missing record answers 500',
    caughtBy: 'ids.unknown-404',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'PATCH', 'record') && response.status === 404
        ? json({ error: 'oops' }, 500)
        : response
    },
  },
  {
    name: 'non-integer-id-500',
    defect: 'A non-integer id in the path crashes the server (500)',
    caughtBy: 'errors.client-mistakes',
    wrap: when(
      (r) => routeOf(r) === 'record' && !/^\d+$/.test(pathId(r)),
      () => json({ error: 'NaN' }, 500),
    ),
  },
  {
    name: 'list-not-an-array',
    defect: 'GET /todos wraps the array in an object ({ "items": [...] })',
    caughtBy: 'list.answers-array',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'list') ? editJson(response, (items) => ({ items })) : response
    },
  },
  {
    name: 'completed-as-string',
    defect: 'Responses carry completed as the string "true" or "false"',
    caughtBy: 'todo.fields',
    wrap: (inner) => async (request) =>
      editJson(
        await inner(request),
        eachTodo((todo) =>
          'completed' in todo ? { ...todo, completed: String(todo.completed) } : todo,
        ),
      ),
  },
  {
    name: 'wrong-content-type',
    defect: 'Responses are labelled text/plain',
    caughtBy: 'headers.json',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      const headers = new Headers(response.headers)
      headers.set('content-type', 'text/plain; charset=utf-8')
      return new Response(response.body, { status: response.status, headers })
    },
  },
  {
    name: 'malformed-json-500',
    defect: 'POST with malformed JSON answers 500',
    caughtBy: 'errors.client-mistakes',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) =>
        (await bodyOf(request)) === undefined ? json({}, 500) : inner(request),
    ),
  },
  {
    name: 'wrong-types-echoed',
    defect: 'A PATCH with a wrongly typed completed answers 200 with the value as sent',
    caughtBy: 'write.wrong-types',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (body === undefined || typeof body.completed === 'boolean' || !('completed' in body))
          return inner(request)
        const stored = await (await get(inner, request, new URL(request.url).pathname)).json()
        return json({ ...stored, completed: body.completed })
      },
    ),
  },
  {
    name: 'non-ascii-mangled',
    defect: 'Content is stored in a Latin-1 column: characters outside it become "?"',
    caughtBy: 'content.exact',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (typeof body?.content !== 'string') return inner(request)
        return inner(
          rewrite(request, {
            body: { ...body, content: toLatin1(body.content) },
          }),
        )
      },
    ),
  },
  {
    name: 'long-content-truncated',
    defect: 'Content is stored in a VARCHAR(255): longer content is cut',
    caughtBy: 'content.exact',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (typeof body?.content !== 'string') return inner(request)
        return inner(rewrite(request, { body: { ...body, content: body.content.slice(0, 255) } }))
      },
    ),
  },
  {
    name: 'filter-ignored',
    defect: 'GET /todos ignores field filters',
    caughtBy: 'filter.matches',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) =>
        inner(
          withQuery(request, (q) => {
            for (const name of filterParameters) q.delete(name)
          }),
        ),
    ),
  },
  {
    name: 'search-ignored',
    defect: 'GET /todos ignores q',
    caughtBy: 'search.matches',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) => inner(withQuery(request, (q) => q.delete('q'))),
    ),
  },
  {
    name: 'sort-ignored',
    defect: 'GET /todos ignores order',
    caughtBy: 'sort.ascending',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) => inner(withQuery(request, (q) => q.delete('order'))),
    ),
  },
  {
    name: 'sort-answers-empty',
    defect:
      'GET /todos?order=… answers [], reading order as a field to filter by (json-server 1.x)',
    caughtBy: 'sort.ascending',
    wrap: when(
      (r) => is(r, 'GET', 'list') && new URL(r.url).searchParams.has('order'),
      async () => json([]),
    ),
  },
  {
    name: 'sort-descending-ignored',
    defect: 'GET /todos?order=-field sorts ascending',
    caughtBy: 'sort.descending-and-keys',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) =>
        inner(
          withQuery(
            request,
            (q) => q.has('order') && q.set('order', q.get('order')!.replaceAll('-', '')),
          ),
        ),
    ),
  },
  {
    name: 'sort-direction-inverted',
    defect: 'GET /todos sorts every key in the opposite direction',
    caughtBy: 'sort.ascending',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) =>
        inner(
          withQuery(request, (q) => {
            const order = q.get('order')
            if (order === null) return
            const flipped = order
              .split(',')
              .map((key) => (key.startsWith('-') ? key.slice(1) : `-${key}`))
            q.set('order', flipped.join(','))
          }),
        ),
    ),
  },
  {
    name: 'paging-limit-ignored',
    defect: 'GET /todos ignores limit: every page is the whole collection, with no Link',
    caughtBy: 'paging.limit',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) =>
        inner(
          withQuery(request, (q) => {
            q.delete('limit')
            q.delete('cursor')
          }),
        ),
    ),
  },
  {
    name: 'paging-link-malformed',
    defect: 'The next page is announced as Link: URL; rel="next", without the angle brackets',
    caughtBy: 'paging.link',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      const link = response.headers.get('link')
      if (link === null) return response
      const headers = new Headers(response.headers)
      headers.set('link', link.replace(/<([^>]*)>/g, '$1'))
      return new Response(response.body, { status: response.status, headers })
    },
  },
  {
    name: 'paging-bad-limit-clamped',
    defect: 'A limit that is not a positive integer is taken as 1 instead of refused',
    caughtBy: 'paging.bad-input',
    wrap: when(
      (r) =>
        is(r, 'GET', 'list') &&
        /^(0|.*\D.*)$/.test(new URL(r.url).searchParams.get('limit') ?? '1'),
      (request, inner) => inner(withQuery(request, (q) => q.set('limit', '1'))),
    ),
  },
  {
    name: 'paging-offset-cursor',
    defect: 'The cursor is an offset: a delete between pages skips a record, a create repeats one',
    caughtBy: 'paging.walk',
    wrap: when(
      (r) => is(r, 'GET', 'list') && new URL(r.url).searchParams.has('limit'),
      pagedBy((all, cursor, limit) => {
        const start = Number(cursor ?? 0)
        const end = start + limit
        return { page: all.slice(start, end), ...(end < all.length ? { next: String(end) } : {}) }
      }),
    ),
  },
  {
    name: 'paging-cursor-ignores-order',
    defect:
      'The cursor is the last id, and the next page starts after it in id order, whatever the order',
    caughtBy: 'paging.walk',
    wrap: when(
      (r) => is(r, 'GET', 'list') && new URL(r.url).searchParams.has('limit'),
      pagedBy((all, cursor, limit) => {
        const after = all.filter((todo) => cursor === null || todo.id > Number(cursor))
        const page = after.slice(0, limit)
        const last = page.at(-1)
        const more = last !== undefined && after.some((todo) => todo.id > last.id)
        return { page, ...(more ? { next: String(last.id) } : {}) }
      }),
    ),
  },
  {
    name: 'refused-create-stored',
    defect: 'A create with a wrongly typed completed is stored (as false) but answered 400',
    caughtBy: 'write.refused-no-trace',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (body === undefined || !('completed' in body) || typeof body.completed === 'boolean')
          return inner(request)
        await inner(rewrite(request, { body: { ...body, completed: false } }))
        return json({ title: 'Bad Request', detail: 'completed must be a boolean' }, 400)
      },
    ),
  },
  {
    name: 'refused-patch-applied',
    defect: 'A PATCH with a wrongly typed content is answered 400, but its completed is applied',
    caughtBy: 'write.refused-no-trace',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (body === undefined || !('content' in body) || typeof body.content === 'string')
          return inner(request)
        const current = await (await get(inner, request, new URL(request.url).pathname)).json()
        await inner(rewrite(request, { body: { completed: !current.completed } }))
        return json({ title: 'Bad Request', detail: 'content must be a string' }, 400)
      },
    ),
  },
  {
    name: 'patch-body-id-rewrites-other',
    defect: 'A PATCH whose body carries another id changes the record of that id',
    caughtBy: 'write.body-id',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (body?.id === undefined || String(body.id) === pathId(request)) return inner(request)
        const { id, ...rest } = body
        return inner(
          rewrite(request, { url: new URL(`/todos/${String(id)}`, request.url).href, body: rest }),
        )
      },
    ),
  },
  {
    name: 'path-id-parse-int-silent',
    defect:
      'A write to /todos/7abc changes todo 7 and answers 204 without a body; a read of /todos/7abc answers 404',
    caughtBy: 'path.id-integer',
    wrap: when(
      (r) => routeOf(r) === 'record' && r.method !== 'GET' && /^\d+\D/.test(pathId(r)),
      async (request, inner) => {
        const url = new URL(`/todos/${Number.parseInt(pathId(request), 10)}`, request.url).href
        await inner(rewrite(request, { url, body: await bodyOf(request) }))
        return new Response(null, { status: 204 })
      },
    ),
  },
  {
    name: 'path-id-parse-int',
    defect: 'A path id is read with parseInt, so /todos/7abc is todo 7',
    caughtBy: 'path.id-integer',
    wrap: when(
      (r) => routeOf(r) === 'record' && /^\d+\D/.test(pathId(r)),
      (request, inner) =>
        inner(
          rewrite(request, {
            url: new URL(`/todos/${Number.parseInt(pathId(request), 10)}`, request.url).href,
            ...(request.method === 'GET' || request.method === 'DELETE' ? {} : { body: undefined }),
          }),
        ),
    ),
  },
  {
    name: 'stale-get-after-write',
    defect: 'GET /todos/{id} is served from a cache that only a DELETE clears',
    caughtBy: 'read.current',
    wrap: (() => {
      const cache = new Map<string, string>()
      return (inner: FetchLike) => async (request: Request) => {
        if (is(request, 'DELETE', 'record')) cache.delete(pathId(request))
        if (!is(request, 'GET', 'record')) return inner(request)
        const hit = cache.get(pathId(request))
        if (hit !== undefined)
          return new Response(hit, { headers: { 'content-type': 'application/json' } })
        const response = await inner(request)
        const text = await response.text()
        if (response.ok) cache.set(pathId(request), text)
        return new Response(text, response)
      }
    })(),
  },
  {
    name: 'list-truncated-at-100',
    defect: 'GET /todos answers only the first 100 records, as an internal page',
    caughtBy: 'list.holds-live-records',
    wrap: when(
      (r) => is(r, 'GET', 'list') && !new URL(r.url).searchParams.has('limit'),
      async (request, inner) =>
        editJson(await inner(request), (body) => (Array.isArray(body) ? body.slice(0, 100) : body)),
    ),
  },
  {
    name: 'filter-drops-order',
    defect: 'With a field filter, order is ignored',
    caughtBy: 'sort.ascending',
    wrap: when(
      (r) =>
        is(r, 'GET', 'list') &&
        ['completed', 'content', 'id'].some((name) => new URL(r.url).searchParams.has(name)),
      (request, inner) => inner(withQuery(request, (query) => query.delete('order'))),
    ),
  },
  {
    name: 'numeric-content-filter-misses',
    defect:
      'GET /todos?content=42 compares the value as a number and never matches the content "42"',
    caughtBy: 'filter.matches',
    wrap: when(
      (r) => is(r, 'GET', 'list') && /^\d+$/.test(new URL(r.url).searchParams.get('content') ?? ''),
      async (request, inner) => editJson(await inner(request), () => []),
    ),
  },
  {
    name: 'search-results-cached',
    defect: 'GET /todos?q= answers from a cache per query, never cleared by writes',
    caughtBy: 'search.matches',
    wrap: (() => {
      const cache = new Map<string, string>()
      return (inner: FetchLike) => async (request: Request) => {
        if (!is(request, 'GET', 'list') || !new URL(request.url).searchParams.has('q'))
          return inner(request)
        const hit = cache.get(request.url)
        if (hit !== undefined)
          return new Response(hit, { headers: { 'content-type': 'application/json' } })
        const response = await inner(request)
        const text = await response.text()
        cache.set(request.url, text)
        return new Response(text, response)
      }
    })(),
  },
  {
    name: 'empty-patch-500',
    defect: 'PATCH {} answers 500',
    caughtBy: 'errors.client-mistakes',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const body = await bodyOf(request)
        return body !== undefined && Object.keys(body).length === 0
          ? json({ title: 'Internal Server Error' }, 500)
          : inner(request)
      },
    ),
  },
  {
    name: 'patch-echoes-request',
    defect: 'PATCH answers with the request body rather than the stored record',
    caughtBy: 'patch.answers-updated',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      async (request, inner) => {
        const body = await bodyOf(request)
        const response = await inner(request)
        return response.ok ? json(body) : response
      },
    ),
  },
]

/** What happened to one mutant. */
export interface MutantOutcome {
  mutant: Mutant
  caught: boolean
  /** Every rule that failed against the mutant. */
  failed: string[]
}

/** Runs the kit (all capabilities, strict) against one mutant, in process. */
export async function runMutant(mutant: Mutant): Promise<MutantOutcome> {
  const { fetch } = referenceApp()
  const report = await runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: mutant.wrap(fetch),
    capabilities: 'all',
    strict: true,
    timeout: mutant.timeout ?? 2_000,
    // A small exploration keeps the runs quick; the scenarios meet every mutant.
    seed: 1,
    budget: { requests: 200 },
  })
  const failed = report.checks.filter((check) => check.status === 'failed').map((check) => check.id)
  return { mutant, caught: failed.includes(mutant.caughtBy), failed }
}

/** The mutation score, as MUTATION.md shows it. */
export function renderMutationReport(outcomes: readonly MutantOutcome[]): string {
  const caught = outcomes.filter((outcome) => outcome.caught).length
  const score = Math.round((caught / outcomes.length) * 1000) / 10
  const rows = outcomes.map(({ mutant, caught }) => [
    `\`${mutant.name}\``,
    cell(mutant.defect),
    `\`${mutant.caughtBy}\``,
    caught ? 'caught' : cell(`survived: ${mutant.justification ?? 'not justified'}`),
  ])
  return `<!-- Generated by \`npm run docs -w conformance\` from test/mutants.ts; test/mutants.test.ts fails when it is stale. -->

# Mutation score of the conformance kit

Each mutant is the reference server with one defect injected around its \`fetch\`. The kit runs
against each (all capabilities, \`--strict\`), and the mutant counts as caught only when the rule
meant for it is broken. The independent servers in other stacks are in \`test/foreign/\`.

**Mutation score: ${caught}/${outcomes.length} (${score}%)**

${markdownTable(['Mutant', 'Defect', 'Rule meant to catch it', 'Result'], rows)}
`
}
