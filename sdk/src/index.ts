/**
 * `@todokit/sdk`: a typed client for the todos REST contract. The contract itself (schemas,
 * endpoint table, limits) is the `@todokit/sdk/contract` subpath.
 *
 * @example
 * import { TodoClient, isTodoApiError } from '@todokit/sdk'
 * const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
 * const todos = await client.todos.list({ completed: false })
 *
 * @module
 */
export * from './client/index.ts'
export type {
  OrderKey,
  ProblemDetails,
  ReceivedFieldError,
  ReceivedProblem,
  Todo,
  TodoCreateInput,
  TodoPatchInput,
  TodoReplaceInput,
} from './contract/index.ts'
export * from './errors/index.ts'
