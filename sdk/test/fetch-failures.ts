/**
 * What `fetch` rejects with in Bun 1.4 when nothing listens on the port: a TypeError whose
 * message is not on ky's list of network-error wordings (Node says "fetch failed", Deno "error
 * sending request for url …").
 */
export function bunConnectionRefused(): TypeError {
  return Object.assign(
    new TypeError('ECONNREFUSED: Unable to connect. Is the computer able to access the url?'),
    { code: 'ECONNREFUSED', errno: 0, path: 'http://127.0.0.1:1/todos' },
  )
}

/**
 * A `fetch` that rejects with `failure()` for the first `failures` calls, then answers `[]`; it
 * counts every call.
 */
export function failingFetch(failure: () => unknown, failures = Number.POSITIVE_INFINITY) {
  let calls = 0
  return {
    calls: () => calls,
    fetch: async (): Promise<Response> => {
      calls += 1
      if (calls <= failures) throw failure()
      return Response.json([])
    },
  }
}
