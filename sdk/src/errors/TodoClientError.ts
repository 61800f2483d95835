import { brandError } from './errorType.ts'

/** The request an error is about. */
export interface RequestDescription {
  /** HTTP method, upper case. @example 'GET' */
  method: string
  /** Absolute URL including the query string. @example 'http://127.0.0.1:3000/todos/9' */
  url: string
}

/** What a `TodoClientError` is built from: the request, and what happened to it. */
export interface TodoClientErrorInit extends RequestDescription {
  /** What happened; the message starts with it. @example 'Aborted' */
  summary: string
  /** More about it, added to the message in parentheses. @example 'fetch failed' */
  detail?: string | undefined
  /** The error (or abort reason) behind this one; becomes `cause`. */
  cause?: unknown
}

/**
 * Base class of every error `TodoClient` throws, so one check catches them all. Its message
 * reads `{summary}: {method} {url} ({detail})`. Branch on the subclasses (or the `is…Error`
 * guards) to learn what went wrong.
 *
 * @example
 * try {
 *   await client.todos.get(9)
 * } catch (error) {
 *   if (isTodoClientError(error)) console.error(error.method, error.url, error.message)
 * }
 */
export class TodoClientError extends Error {
  /** The name `isErrorType` and `name` know this class by. */
  static readonly type: string = 'TodoClientError'
  /** The class's name, e.g. `'NotFoundError'`. */
  override readonly name: string
  /** HTTP method of the failed request. */
  readonly method: string
  /** Absolute URL of the failed request. */
  readonly url: string

  /**
   * @example
   * new TodoClientError({ method: 'GET', url: 'http://127.0.0.1:3000/todos', summary: 'Failed' })
   */
  constructor(init: TodoClientErrorInit) {
    const { summary, method, url, detail } = init
    // An error gets a `cause` only when there is one to give, as a plain `Error` does.
    const options = 'cause' in init ? { cause: init.cause } : undefined
    super(`${summary}: ${method} ${url}${detail ? ` (${detail})` : ''}`, options)
    this.name = new.target.type
    this.method = method
    this.url = url
    brandError(this, new.target)
  }
}
