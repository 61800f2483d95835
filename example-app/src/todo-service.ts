import {
  isNetworkError,
  isResponseValidationError,
  isTimeoutError,
  isTodoApiError,
  type Todo,
  type TodoClient,
} from '@todokit/sdk'

/** How many times {@link TodoService.add} sends a create the server refused with 503. */
const ADD_ATTEMPTS = 3

/** What {@link TodoService.completeAll} did. */
export interface CompleteAllResult {
  /** Todos now marked done. */
  completed: number
  /** Todos deleted by someone else between the list and their update. */
  gone: number
}

/**
 * What to tell the user about a failed call, in the app's words: one line per kind of failure
 * the SDK reports.
 *
 * @example
 * await service.pending().catch((error) => showBanner(describeFailure(error)))
 */
export function describeFailure(error: unknown): string {
  if (isTimeoutError(error)) return 'The server is taking too long; try again.'
  if (isNetworkError(error)) return 'Cannot reach the server; check your connection.'
  if (isResponseValidationError(error)) return 'The server sent something this app cannot read.'
  if (isTodoApiError(error)) {
    if (error.status === 404) return `Not found: ${error.problem?.detail ?? error.url}`
    if (error.status === 400) {
      const fields = error.problem?.errors?.map((field) => `${field.pointer}: ${field.detail}`)
      return `Rejected: ${fields?.join('; ') || (error.problem?.detail ?? 'bad request')}`
    }
    if (error.status >= 500) return 'The server has a problem; try again later.'
    return `The server refused (${error.status} ${error.statusText}).`
  }
  throw error
}

function waitSeconds(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000))
}

/**
 * The app's todo logic, on top of the SDK client it is given.
 *
 * @example
 * const service = new TodoService(new TodoClient({ baseUrl: 'https://api.example.com' }))
 * await service.add('Buy milk')
 * await service.completeAll()
 */
export class TodoService {
  readonly #client: TodoClient

  constructor(client: TodoClient) {
    this.#client = client
  }

  /** What is left to do, newest first. */
  pending(): Promise<Todo[]> {
    return this.#client.todos.list({ completed: false, order: '-id' })
  }

  /**
   * Adds a todo. A 503 means the server stored nothing, so the create is sent again (up to
   * three times, after the server's `Retry-After`, else a second); any other failure, a network
   * error included (the todo may have been stored), is thrown as it is.
   */
  async add(content: string): Promise<Todo> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#client.todos.create({ content })
      } catch (error) {
        if (!isTodoApiError(error) || error.status !== 503 || attempt === ADD_ATTEMPTS) throw error
        const retryAfter = Number(error.headers.get('retry-after') ?? '1')
        await waitSeconds(Number.isFinite(retryAfter) ? retryAfter : 1)
      }
    }
  }

  /**
   * Marks every pending todo done. A todo deleted meanwhile (404) is counted as gone, not an
   * error; any other failure stops the run.
   */
  async completeAll(): Promise<CompleteAllResult> {
    const result: CompleteAllResult = { completed: 0, gone: 0 }
    for (const todo of await this.pending()) {
      try {
        await this.#client.todos.update(todo.id, { completed: true })
        result.completed += 1
      } catch (error) {
        if (!(isTodoApiError(error) && error.status === 404)) throw error
        result.gone += 1
      }
    }
    return result
  }
}
