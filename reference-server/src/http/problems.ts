import { PROBLEM_TYPES } from '@todokit/sdk/contract'
import type { Refusal } from '../store/store.ts'
import type { FieldError } from './problem.ts'

/** A problem as the server words it: what `problem()` sends and the OpenAPI document shows. */
export interface ProblemText {
  status: number
  detail: string
  type?: string
  errors?: FieldError[]
}

/**
 * The problems the server words itself, each once: the responses are built from them, and the
 * OpenAPI document's error examples are these same entries with example values.
 */
export const PROBLEMS = {
  invalidBody: (errors: FieldError[]): ProblemText => ({
    status: 400,
    detail: 'The body does not match the schema; see errors',
    errors,
  }),
  invalidQuery: (errors: FieldError[]): ProblemText => ({
    status: 400,
    detail: 'The query is invalid; see errors',
    errors,
  }),
  todoNotFound: (id: number): ProblemText => ({
    status: 404,
    type: PROBLEM_TYPES.todoNotFound,
    detail: `No todo with id ${id}`,
  }),
  idTaken: (id: number): ProblemText => ({
    status: 409,
    detail: `A todo with id ${id} already exists; omit id to get a new one`,
    errors: [{ pointer: '/id', detail: `The id ${id} is taken` }],
  }),
  full: (maxTodos: number): ProblemText => ({
    status: 409,
    detail: `The store holds its maximum of ${maxTodos} todos; delete some to create more`,
  }),
  preconditionFailed: (id: number, version: string): ProblemText => ({
    status: 412,
    detail: `If-Match does not match the current ETag of todo ${id} (${version}); it changed since you read it`,
  }),
  tooLarge: (maxBytes: number): ProblemText => ({
    status: 413,
    detail: `The body is larger than ${maxBytes} bytes`,
  }),
  unsupportedMediaType: (accepted: readonly string[], got: string): ProblemText => ({
    status: 415,
    detail: `Send the body as ${accepted.join(' or ')}; got ${got}`,
  }),
  internal: (): ProblemText => ({
    status: 500,
    detail: 'The server failed to handle this request; its log has the details',
  }),
  idsUsedUp: (): ProblemText => ({
    status: 503,
    detail: 'Every id the server may assign has been used',
  }),
  busy: (): ProblemText => ({
    status: 503,
    detail: 'The database could not commit the write, so nothing changed; try again later',
  }),
}

/** The problem that answers a store's refusal: the one place the domain meets HTTP. */
export function refusalProblem(refusal: Refusal): ProblemText {
  switch (refusal.reason) {
    case 'not-found':
      return PROBLEMS.todoNotFound(refusal.id)
    case 'id-taken':
      return PROBLEMS.idTaken(refusal.id)
    case 'full':
      return PROBLEMS.full(refusal.maxTodos)
    case 'precondition-failed':
      return PROBLEMS.preconditionFailed(refusal.id, refusal.version)
    case 'ids-used-up':
      return PROBLEMS.idsUsedUp()
    case 'busy':
      return PROBLEMS.busy()
  }
}
