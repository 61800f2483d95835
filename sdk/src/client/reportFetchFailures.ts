import type { Options } from 'ky'

/** `fetch` as the SDK's transport calls it: always with a `Request`, as ky does. */
export type RequestFetch = (request: Request, init?: RequestInit) => Promise<Response>

/**
 * `fetch` (the caller's, else the global one as it is at call time) whose failures ky always
 * takes for network errors. ky recognises them by their message, and runtimes word them
 * differently: Bun's "Unable to connect. Is the computer able to access the url?" is not on ky's
 * list, so a refused connection would reach callers as a raw TypeError and never be retried. So
 * any rejection that is not an abort (the caller's signal or ky's timeout) is rethrown as a
 * TypeError worded as ky expects, with the runtime's own error as its `cause`.
 */
export function reportFetchFailures(custom?: Options['fetch']): RequestFetch {
  // The request's signal combines the caller's and ky's timeout. The global fetch is looked up
  // per call, as ky does, so one patched later (msw in tests) is used.
  return async (request, init) => {
    try {
      return await (custom ?? fetch)(request, init)
    } catch (error) {
      if (request.signal.aborted) throw error
      throw new TypeError('fetch failed', { cause: error })
    }
  }
}
