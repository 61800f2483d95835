export type { ApiPromise, WithResponse } from './ApiPromise.ts'
export type {
  IterateOptions,
  RequestOptions,
  TodoClientHooks,
  TodoClientOptions,
  TodoClientRetryOptions,
  TodoListParams,
  TodoPage,
} from './options.ts'
export { TodoClient } from './TodoClient.ts'
export type { TodosResource } from './TodosResource.ts'
