import { BRAND } from './brand.ts'

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
  // Declared, not initialised: the constructor assigns them (and a subclass's own fields) from
  // `fields` in one place, and an initialiser would reset them to undefined after `super()`.
  /**
   * The class's name, e.g. `'NotFoundError'`. The constructor sets it to the family; a subclass
   * within a family (`NotFoundError` in `TodoApiError`'s) declares its own.
   */
  declare readonly name: string
  /** HTTP method of the failed request. */
  declare readonly method: string
  /** Absolute URL of the failed request. */
  declare readonly url: string

  /**
   * The one constructor every SDK error shares: the message always reads
   * `{what}: {method} {url}{more}`, and the request and `fields` become the error's properties.
   *
   * @param family the guard family this error belongs to (see `brand.ts`).
   * @param what what happened, at the start of the message. @example 'Aborted'
   * @param more appended to the message after the URL. @example ' (fetch failed)'
   * @param fields the properties a subclass adds. @example { timeout: 10000 }
   * @example new TodoClientError('TodoClientError', 'Failed', { method: 'GET', url })
   */
  constructor(
    family: string,
    what: string,
    { method, url }: RequestDescription,
    more = '',
    fields?: object,
    options?: ErrorOptions,
  ) {
    super(`${what}: ${method} ${url}${more}`, options)
    Object.assign(this, { name: family, method, url }, fields)
    // The brand marks it as one of the SDK's errors, of this family, for the guards.
    Object.defineProperty(this, BRAND, { value: family })
  }
}
