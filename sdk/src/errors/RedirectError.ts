import { type RequestDescription, TodoClientError } from './TodoClientError.ts'

/** What a `RedirectError` is built from. */
export interface RedirectErrorInit extends RequestDescription {
  /** The redirect's `Location` as the server sent it; `undefined` where a browser hides it. */
  location: string | undefined
}

/**
 * The server redirected the request somewhere the client does not follow: to another origin
 * (where the application's headers, such as an API key, must not go), round in a loop, or,
 * in a browser, anywhere at all, as browsers hide where a redirect leads. Point `baseUrl` at
 * where the API now lives. `url` is the request that was redirected.
 *
 * @example
 * try {
 *   await client.todos.list()
 * } catch (error) {
 *   if (isRedirectError(error)) console.error(`the API moved to ${error.location}`)
 * }
 */
export class RedirectError extends TodoClientError {
  static override readonly type = 'RedirectError'
  /** The redirect's `Location` as sent; `undefined` in browsers. @example 'https://example.com/todos' */
  readonly location: string | undefined

  constructor({ method, url, location }: RedirectErrorInit) {
    super({ method, url, summary: 'Redirect not followed', detail: location && `to ${location}` })
    this.location = location
  }
}
