import {
  COLLECTION_PATH,
  endpoints,
  type Todo,
  TodoList,
  Todo as TodoSchema,
  todoPath,
} from '@todokit/sdk/contract'
import type { HttpClient, HttpResponse } from '../http/client.ts'
import { CheckFailure } from './assert.ts'
import { expectBody, expectStatus } from './expect.ts'
import { randomProposedId } from './ids.ts'

/** Fields a check may choose for a record it creates. */
export interface NewTodo {
  content: string
  completed?: boolean
  /** The id to propose; a random id from the high range by default. */
  id?: number
}

const ATTEMPTS_ON_CONFLICT = 5

/**
 * The contract's operations as steps that verify their own success (status from the endpoint
 * table, body against the contract schema), so a check reads as the rule it verifies.
 */
export function todoSteps(http: HttpClient) {
  return {
    /** POSTs a todo with a proposed id, retrying on 409 with another; returns the stored todo. */
    async create(todo: NewTodo): Promise<Todo> {
      let id = todo.id ?? randomProposedId()
      for (let attempt = 1; ; attempt++) {
        const body = { id, content: todo.content, completed: todo.completed ?? false }
        const response = await http.request('POST', COLLECTION_PATH, { json: body })
        if (response.status === 409 && attempt < ATTEMPTS_ON_CONFLICT) {
          id = randomProposedId()
          continue
        }
        expectStatus(response, endpoints.create.success)
        return expectBody(response, TodoSchema, 'a todo object')
      }
    },
    /** Creates several todos one after another, in order. */
    async createAll(todos: readonly NewTodo[]): Promise<Todo[]> {
      const created: Todo[] = []
      for (const todo of todos) created.push(await this.create(todo))
      return created
    },
    /** GETs one todo, which must exist. */
    async get(id: number): Promise<Todo> {
      const response = await http.request('GET', todoPath(id))
      expectStatus(response, endpoints.get.success)
      return expectBody(response, TodoSchema, 'a todo object')
    },
    /** GETs the list (with an optional query), which must be an array of todos. */
    async list(query?: Record<string, string>): Promise<Todo[]> {
      const response = await http.request('GET', COLLECTION_PATH, { query })
      expectStatus(response, endpoints.list.success)
      return expectBody(response, TodoList, 'a JSON array of todos')
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
     * A random id in the high range that GET confirms no record holds. Only a 404 confirms it:
     * a 500, 503 or 304 says nothing about the record, and checks send PUT, PATCH and DELETE to
     * this id, which must never reach someone else's record.
     */
    async unusedId(): Promise<number> {
      const answers: string[] = []
      for (let attempt = 0; attempt < ATTEMPTS_ON_CONFLICT; attempt++) {
        const id = randomProposedId()
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
