/**
 * The todos contract as code: zod schemas, the endpoint table, limits and status phrases.
 * Every todokit package imports its field lists from here; none writes them again.
 *
 * @example
 * import { Todo, endpoints } from '@todokit/sdk/contract'
 * const todo = Todo.parse(await (await fetch(`${base}/todos/1`)).json())
 *
 * @module
 */
export * from './endpoints.ts'
export * from './http-status.ts'
export * from './limits.ts'
export * from './schemas.ts'
