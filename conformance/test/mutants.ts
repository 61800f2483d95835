import { type FetchLike, runConformance } from '../src/index.ts'
import { cell, markdownTable } from '../src/markdown-table.ts'
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
  /** The check meant to catch it. */
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
    caughtBy: 'patch.keeps-unsent-fields',
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
    caughtBy: 'patch.applies-sent-fields',
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      (request, inner) => get(inner, request, new URL(request.url).pathname),
    ),
  },
  {
    name: 'patch-hangs',
    defect: 'PATCH never answers',
    caughtBy: 'patch.applies-sent-fields',
    timeout: 200,
    wrap: when(
      (r) => is(r, 'PATCH', 'record'),
      () => NEVER,
    ),
  },
  {
    name: 'put-ignores-content',
    defect: 'PUT stores only completed and keeps the old content',
    caughtBy: 'put.replaces-record',
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
    caughtBy: 'put.persists',
    wrap: when(
      (r) => is(r, 'PUT', 'record'),
      async (request, inner) => {
        const current = await get(inner, request, new URL(request.url).pathname)
        return current.ok ? json(await bodyOf(request)) : current
      },
    ),
  },
  {
    name: 'put-accepts-incomplete',
    defect: 'PUT fills missing fields from the stored record instead of refusing the body',
    caughtBy: 'bad-request.put-incomplete',
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
    caughtBy: 'not-found.put',
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
    caughtBy: 'delete.removes-from-list',
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
    caughtBy: 'delete.removes-by-id',
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
    caughtBy: 'delete.succeeds',
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
    caughtBy: 'not-found.delete-twice',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'DELETE', 'record') && response.status === 404 ? json({}) : response
    },
  },
  {
    name: 'created-missing-from-list',
    defect: 'GET /todos leaves out records created since the server started (a stale list cache)',
    caughtBy: 'create.appears-in-list',
    wrap: (inner) => {
      const created = new Set<unknown>()
      return async (request) => {
        const response = await inner(request)
        if (is(request, 'POST', 'list') && response.ok) {
          created.add(((await response.clone().json()) as { id: unknown }).id)
        }
        if (!is(request, 'GET', 'list')) return response
        return editJson(response, (list) =>
          (list as Array<{ id: unknown }>).filter((todo) => !created.has(todo.id)),
        )
      }
    },
  },
  {
    name: 'create-answers-202',
    defect: 'POST answers 202 Accepted instead of 200 or 201',
    caughtBy: 'create.returns-stored-todo',
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
    caughtBy: 'create.readable-by-id',
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
    caughtBy: 'create.distinct-ids',
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
    name: 'get-returns-wrong-record',
    defect: 'GET /todos/{id} returns the first record of the collection',
    caughtBy: 'get.returns-requested-record',
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
    caughtBy: 'not-found.get',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'record') && response.status === 404
        ? json({ error: 'oops' }, 500)
        : response
    },
  },
  {
    name: 'patch-unknown-500',
    defect: 'PATCH of a missing record answers 500',
    caughtBy: 'not-found.patch',
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
    caughtBy: 'errors.no-5xx-for-client-mistakes',
    wrap: when(
      (r) => routeOf(r) === 'record' && !/^\d+$/.test(pathId(r)),
      () => json({ error: 'NaN' }, 500),
    ),
  },
  {
    name: 'list-not-an-array',
    defect: 'GET /todos wraps the array in an object ({ "items": [...] })',
    caughtBy: 'list.returns-array',
    wrap: (inner) => async (request) => {
      const response = await inner(request)
      return is(request, 'GET', 'list') ? editJson(response, (items) => ({ items })) : response
    },
  },
  {
    name: 'completed-as-string',
    defect: 'Responses carry completed as the string "true" or "false"',
    caughtBy: 'todo.field-types',
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
    caughtBy: 'headers.json-content-type',
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
    caughtBy: 'bad-request.malformed-json',
    wrap: when(
      (r) => is(r, 'POST', 'list'),
      async (request, inner) =>
        (await bodyOf(request)) === undefined ? json({}, 500) : inner(request),
    ),
  },
  {
    name: 'wrong-types-coerced',
    defect: 'POST and PATCH coerce a string completed to a boolean instead of refusing it',
    caughtBy: 'bad-request.wrong-types',
    wrap: when(
      (r) => (is(r, 'POST', 'list') || is(r, 'PATCH', 'record')) && r.headers.has('content-type'),
      async (request, inner) => {
        const body = await bodyOf(request)
        if (typeof body?.completed !== 'string') return inner(request)
        return inner(rewrite(request, { body: { ...body, completed: body.completed !== 'false' } }))
      },
    ),
  },
  {
    name: 'non-ascii-mangled',
    defect: 'Content is stored in a Latin-1 column: characters outside it become "?"',
    caughtBy: 'content.non-ascii-round-trip',
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
    caughtBy: 'content.long-round-trip',
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
    caughtBy: 'filter.completed',
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
    caughtBy: 'search.q-matches-content',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) => inner(withQuery(request, (q) => q.delete('q'))),
    ),
  },
  {
    name: 'sort-ignored',
    defect: 'GET /todos ignores order',
    caughtBy: 'sort.content-ascending',
    wrap: when(
      (r) => is(r, 'GET', 'list'),
      (request, inner) => inner(withQuery(request, (q) => q.delete('order'))),
    ),
  },
  {
    name: 'sort-descending-ignored',
    defect: 'GET /todos?order=-field sorts ascending',
    caughtBy: 'sort.content-descending',
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
    caughtBy: 'sort.content-ascending',
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
    caughtBy: 'paging.limit-respected',
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
    caughtBy: 'paging.link-well-formed',
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
    caughtBy: 'paging.bad-limit-refused',
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
    caughtBy: 'paging.stable-under-writes',
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
    caughtBy: 'paging.combines-with-query',
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
]

/** What happened to one mutant. */
export interface MutantOutcome {
  mutant: Mutant
  caught: boolean
  /** Every check that failed against the mutant. */
  failed: string[]
}

/** Runs the whole catalogue (all capabilities, strict) against one mutant, in process. */
export async function runMutant(mutant: Mutant): Promise<MutantOutcome> {
  const { fetch } = referenceApp()
  const report = await runConformance({
    baseUrl: IN_PROCESS_URL,
    fetch: mutant.wrap(fetch),
    capabilities: 'all',
    strict: true,
    timeout: mutant.timeout ?? 2_000,
    // The table is about the catalogue's checks; a small exploration keeps 31 runs quick.
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

Each mutant is the reference server with one defect injected around its \`fetch\`. The kit runs its
whole catalogue (all capabilities, \`--strict\`) against each, and the mutant counts as caught
only when the check meant for it fails.

**Mutation score: ${caught}/${outcomes.length} (${score}%)**

${markdownTable(['Mutant', 'Defect', 'Meant to be caught by', 'Result'], rows)}
`
}
