/** A request got no answer within the per-request timeout. */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError'
}

/** A request failed before any response: connection refused, DNS, reset. */
export class NetworkError extends Error {
  override name = 'NetworkError'
}
