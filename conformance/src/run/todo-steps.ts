import {
  COLLECTION_PATH,
  endpoints,
  type Todo,
  Todo as TodoSchema,
  todoPath,
} from '@todokit/sdk/contract'
import * as z from 'zod/mini'
import type { HttpClient, HttpResponse } from '../http/client.ts'
import { CheckFailure, CheckInconclusive, describe } from './assert.ts'
import { expectBody, expectFields, expectStatus, requestLine } from './expect.ts'
import { randomProposedId } from './ids.ts'
import { provesOurs } from './lenient.ts'
import type { RunState } from './run-state.ts'

/** Fields a check may choose for a record it creates. */
export interface NewTodo {
  content: string
  completed?: boolean
  /**
   * The id to propose: a random id from the high range by default; `'server'` sends none, so
   * the server assigns one (inconclusive when it does not, or once it handed out an id in use).
   */
  id?: number | 'server'
}

const ATTEMPTS_ON_CONFLICT = 5

/** Throws when a create answered an id someone else's record holds: the run never writes to it. */
function refuseShared(state: RunState, todo: Todo, response: HttpResponse): void {
  const duplicate = state.ledger.duplicates.find((d) => d.exchange === response.exchange)
  if (duplicate || state.ledger.foreignIds.has(todo.id)) {
    throw new CheckInconclusive(
      `${requestLine(response)} answered id ${todo.id}, which ${duplicate?.heldBy ?? 'a record listed when the run started'} held; the run does not write to it (see create.distinct-ids)`,
    )
  }
}

/**
 * The contract's operations as steps that verify their own success (status from the endpoint
 * table, body against the contract schema), so a check reads as the rule it verifies.
 */
export function todoSteps(http: HttpClient, state: RunState, ownPrefix: string = state.marker) {
  const refusesIds = () => state.idAssignment === 'refuses'

  async function postWithoutId(todo: NewTodo): Promise<HttpResponse> {
    const body = { content: todo.content, completed: todo.completed ?? false }
    let response = await http.request('POST', COLLECTION_PATH, { json: body })
    for (let attempt = 1; response.status === 409 && attempt < ATTEMPTS_ON_CONFLICT; attempt++) {
      response = await http.request('POST', COLLECTION_PATH, { json: body })
    }
    if (response.status >= 200 && response.status < 300) state.idAssignment = 'assigns'
    else if (response.status >= 400 && response.status < 500 && response.status !== 409) {
      state.idAssignment = 'refuses'
    }
    return response
  }

  return {
    /**
     * POSTs a todo and returns the response, without judging it. Creates without an id wait
     * for the first one to show whether the server assigns ids, and stop once a create
     * answered an id in use.
     */
    async post(todo: NewTodo): Promise<HttpResponse> {
      // A server that refuses client ids (a choice the contract leaves open) gets none.
      if (todo.id === undefined && state.clientIdsRefused)
        return this.post({ ...todo, id: 'server' })
      if (todo.id === 'server') {
        for (;;) {
          if (state.ledger.duplicates.length > 0) {
            throw new CheckInconclusive(
              `the server handed out id ${state.ledger.duplicates[0]!.id}, which another record held; the run sends no more creates without an id`,
            )
          }
          if (state.idAssignment === 'refuses') {
            throw new CheckInconclusive(
              'the server does not assign ids: a create without an id was refused (a choice the contract leaves open)',
            )
          }
          if (state.idAssignment === 'assigns') return postWithoutId(todo)
          if (state.firstAssignedCreate === undefined) {
            let release = () => {}
            state.firstAssignedCreate = new Promise((resolve) => {
              release = resolve
            })
            try {
              const response = await postWithoutId(todo)
              // Read afresh: the create just told whether the server assigns ids.
              if (!refusesIds()) return response
              continue
            } finally {
              if (state.idAssignment === 'unknown') state.firstAssignedCreate = undefined
              release()
            }
          }
          await state.firstAssignedCreate
        }
      }
      let id = todo.id ?? randomProposedId()
      for (let attempt = 1; ; attempt++) {
        const body = { id, content: todo.content, completed: todo.completed ?? false }
        const response = await http.request('POST', COLLECTION_PATH, { json: body })
        if (response.status === 409 && attempt < ATTEMPTS_ON_CONFLICT && todo.id === undefined) {
          id = randomProposedId()
          continue
        }
        if ((response.status === 400 || response.status === 422) && todo.id === undefined) {
          state.clientIdsRefused = true
          return this.post({ ...todo, id: 'server' })
        }
        return response
      }
    },
    /**
     * Creates a todo as a precondition: unless the create answers success with exactly what was
     * sent, the check is inconclusive (its rule cannot be judged), and the create's own checks
     * report the defect. Returns what was sent, with the id the server gave.
     */
    async create(todo: NewTodo): Promise<Todo> {
      const response = await this.post(todo)
      const sent = { content: todo.content, completed: todo.completed ?? false }
      const parsed = z.safeParse(TodoSchema, response.json)
      const ok = (endpoints.create.success as readonly number[]).includes(response.status)
      if (!ok || !parsed.success) {
        throw new CheckInconclusive(
          `precondition failed: ${requestLine(response)} answered ${response.status} ${response.statusText}${ok ? ` with ${describe(response.json ?? response.text)}` : ''}, not a created todo (see create.returns-stored-todo)`,
        )
      }
      const created = parsed.data
      refuseShared(state, created, response)
      if (created.content !== sent.content || created.completed !== sent.completed) {
        throw new CheckInconclusive(
          `precondition failed: ${requestLine(response)} sent ${describe(sent)} and answered ${describe({ content: created.content, completed: created.completed })} (see create.returns-stored-todo)`,
        )
      }
      if (
        typeof todo.id === 'number' &&
        created.id !== todo.id &&
        state.ledger.isShared(created.id)
      ) {
        throw new CheckInconclusive(`the server answered id ${created.id}, held by another record`)
      }
      return { ...sent, id: created.id }
    },
    /**
     * POSTs a todo as the subject of a check: the status must be a create's, the body a todo
     * with the sent fields. Returns the answered todo.
     */
    async createJudged(todo: NewTodo): Promise<Todo> {
      const response = await this.post(todo)
      expectStatus(response, endpoints.create.success)
      const created = expectBody(response, TodoSchema, 'a todo object')
      const sent = { content: todo.content, completed: todo.completed ?? false }
      expectFields(created, sent, `${requestLine(response)} answered another todo than it was sent`)
      refuseShared(state, created, response)
      return created
    },
    /** Creates several todos one after another, in order; their ids must be distinct. */
    async createAll(todos: readonly NewTodo[]): Promise<Todo[]> {
      const created: Todo[] = []
      for (const todo of todos) created.push(await this.create(todo))
      const ids = new Set(created.map((todo) => todo.id))
      if (ids.size < created.length) {
        throw new CheckInconclusive(
          `precondition failed: creates answered the same id for different records (${created.map((t) => t.id).join(', ')}; see create.distinct-ids)`,
        )
      }
      return created
    },
    /** GETs one todo, which must exist. */
    async get(id: number): Promise<Todo> {
      const response = await http.request('GET', todoPath(id))
      expectStatus(response, endpoints.get.success)
      return expectBody(response, TodoSchema, 'a todo object')
    },
    /**
     * GETs the list (with an optional query). It must be an array; the check's own records
     * (content starting with `ownPrefix`) must be todos. Other malformed records are left out:
     * they are not what the check is about (list.returns-array judges the whole list, and the
     * check that made a record judges it).
     */
    async list(query?: Record<string, string>): Promise<Todo[]> {
      const response = await http.request('GET', COLLECTION_PATH, { query })
      expectStatus(response, endpoints.list.success)
      const items = expectBody(response, z.array(z.unknown()), 'a JSON array')
      const todos: Todo[] = []
      for (const item of items) {
        const parsed = z.safeParse(TodoSchema, item)
        if (parsed.success) todos.push(parsed.data)
        else if (provesOurs((item as { content?: unknown } | null)?.content, ownPrefix)) {
          expectBody({ ...response, json: item }, TodoSchema, 'a todo object in the list')
        }
      }
      return todos
    },
    /** PUTs the complete record; returns the replaced todo. */
    async replace(todo: Todo): Promise<Todo> {
      const response = await http.request('PUT', todoPath(todo.id), { json: todo })
      expectStatus(response, endpoints.replace.success)
      return expectBody(response, TodoSchema, 'a todo object')
    },
    /** PATCHes some fields; returns the updated todo. */
    async update(id: number, fields: Partial<Omit<Todo, 'id'>>): Promise<Todo> {
      const response = await http.request('PATCH', todoPath(id), { json: fields })
      expectStatus(response, endpoints.update.success)
      return expectBody(response, TodoSchema, 'a todo object')
    },
    /** DELETEs a todo; any body is accepted. */
    async remove(id: number): Promise<HttpResponse> {
      const response = await http.request('DELETE', todoPath(id))
      expectStatus(response, endpoints.delete.success)
      return response
    },
    /**
     * DELETEs a todo as a precondition of a check about its effect: any 2xx will do (the
     * status is delete.succeeds' business); otherwise the check is inconclusive.
     */
    async removeForEffect(id: number): Promise<HttpResponse> {
      const response = await http.request('DELETE', todoPath(id))
      if (response.status < 200 || response.status >= 300) {
        throw new CheckInconclusive(
          `precondition failed: ${requestLine(response)} answered ${response.status} ${response.statusText}, so its effect cannot be judged (see delete.succeeds)`,
        )
      }
      return response
    },
    /**
     * A random id in the high range that GET confirms no record holds. Only a 404 confirms it:
     * a 500, 503 or 304 says nothing about the record, and checks send PUT, PATCH and DELETE to
     * this id, which must never reach someone else's record.
     */
    async unusedId(random: () => number = randomProposedId): Promise<number> {
      const answers: string[] = []
      for (let attempt = 0; attempt < ATTEMPTS_ON_CONFLICT; attempt++) {
        const id = random()
        // Never hand the same id to two checks of the run: both would see it free.
        if (state.proposedIds.has(id)) continue
        state.proposedIds.add(id)
        const response = await http.request('GET', todoPath(id))
        if (response.status === 404) return id
        answers.push(`${response.status} ${response.statusText}`.trim())
      }
      throw new CheckFailure('could not find an unused id: no probed id answered 404', {
        expected: 'GET /todos/{random id} answers 404',
        actual: answers.join(', '),
      })
    },
  }
}

/** The verified operations a check uses. */
export type TodoSteps = ReturnType<typeof todoSteps>
