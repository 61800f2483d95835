import { ConformanceError } from '../errors.ts'

/** A request got no answer within the per-request timeout. */
export class RequestTimeoutError extends ConformanceError {
  static override readonly type = 'conformance.RequestTimeoutError'
}

/** A request failed before any response: connection refused, DNS, reset. */
export class NetworkError extends ConformanceError {
  static override readonly type = 'conformance.NetworkError'
}
