/**
 * What `.withResponse()` resolves with: the data a call resolves with, and the response it came
 * from.
 */
export interface WithResponse<T> {
  /** What awaiting the call gives. */
  data: T
  /**
   * The final response (after any retries): `status`, `headers` (such as `ETag`), `url`. Its
   * body has been read into `data`.
   */
  response: Response
}

/**
 * What every `client.todos` call returns: a promise of its data (await it as usual) that can
 * also give the response the data came from, as openai-node's calls do. The request starts when
 * the call is made, not when the promise is awaited.
 *
 * @example
 * const todo = await client.todos.get(1)
 * const { data, response } = await client.todos.get(1).withResponse()
 * const etag = response.headers.get('etag')
 */
export class ApiPromise<T> implements Promise<T> {
  readonly [Symbol.toStringTag] = 'ApiPromise'
  readonly #reply: Promise<WithResponse<T>>

  /** @internal Made by `client.todos`; not meant to be constructed directly. */
  constructor(reply: Promise<WithResponse<T>>) {
    this.#reply = reply
  }

  /**
   * The data together with the response: for its status and headers.
   *
   * @example
   * const { data: todo, response } = await client.todos.create({ content: 'Buy milk' }).withResponse()
   * response.status // → 201
   * response.headers.get('location') // → '/todos/1'
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#reply
  }

  /**
   * As `Promise.prototype.then`, on the data.
   *
   * @example
   * const id = await client.todos.get(1).then((todo) => todo.id)
   */
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose: awaiting a call gives its data.
  then<Fulfilled = T, Rejected = never>(
    onFulfilled?: ((data: T) => Fulfilled | PromiseLike<Fulfilled>) | null,
    // biome-ignore lint/suspicious/noExplicitAny: `any`, as in Promise's own signature, so a handler written for a Promise (`(error) => error.message`) compiles unchanged.
    onRejected?: ((reason: any) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<Fulfilled | Rejected> {
    return this.#reply.then(({ data }) => data).then(onFulfilled, onRejected)
  }

  /**
   * As `Promise.prototype.catch`.
   *
   * @example
   * const todo = await client.todos.get(9).catch((error) => (isNotFoundError(error) ? undefined : Promise.reject(error)))
   */
  catch<Rejected = never>(
    // biome-ignore lint/suspicious/noExplicitAny: as in Promise's own signature; see `then`.
    onRejected?: ((reason: any) => Rejected | PromiseLike<Rejected>) | null,
  ): Promise<T | Rejected> {
    return this.then(undefined, onRejected)
  }

  /**
   * As `Promise.prototype.finally`.
   *
   * @example
   * const todos = await client.todos.list().finally(() => spinner.stop())
   */
  finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally)
  }
}
