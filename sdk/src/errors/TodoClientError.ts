import { brand } from './brand.ts'

/** The request an error is about. */
export interface RequestDescription {
  /** HTTP method, upper case. @example 'GET' */
  method: string
  /** Absolute URL including the query string. @example 'http://127.0.0.1:3000/todos/9' */
  url: string
}

/**
 * Base class of every error `TodoClient` throws, so one check catches them all. Branch on the
 * subclasses (or the `is…Error` guards) to learn what went wrong.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (isTodoClientError(error)) console.error(error.method, error.url, error.message)
 * }
 */
export class TodoClientError extends Error {
  override readonly name: string = 'TodoClientError'
  /** HTTP method of the failed request. */
  readonly method: string
  /** Absolute URL of the failed request. */
  readonly url: string

  /** @param family the guard family this error belongs to (see `brand.ts`). */
  constructor(
    family: string,
    message: string,
    request: RequestDescription,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.method = request.method
    this.url = request.url
    brand(this, family)
  }
}
