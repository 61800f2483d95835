/**
 * The todos contract as code: zod schemas, the endpoint table, limits, status phrases, and the
 * names, descriptions and examples an OpenAPI document gives the schemas.
 * Every todokit package imports its field lists from here; none writes them again.
 *
 * Each concern is its own module, so a bundler keeps only what an application uses (the SDK's
 * client needs `Todo` and `operations`, not the input schemas or the list-query codec).
 *
 * @example
 * import { Todo, endpoints } from '@todokit/sdk/contract'
 * const todo = Todo.parse(await (await fetch(`${base}/todos/1`)).json())
 *
 * @module
 */
export * from './endpoints.ts'
export * from './http-status.ts'
export * from './inputs.ts'
export * from './limits.ts'
export * from './list-query.ts'
export * from './metadata.ts'
export * from './operations.ts'
export * from './paging.ts'
export * from './problem.ts'
export * from './todo.ts'
