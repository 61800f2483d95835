import { ConformanceError } from '../errors.ts'

/** A request got no answer within the per-request timeout. */
export class RequestTimeoutError extends ConformanceError {
  static override readonly type = 'conformance.RequestTimeoutError'
}

/** A request failed before any response: connection refused, DNS, reset. */
export class NetworkError extends ConformanceError {
  static override readonly type = 'conformance.NetworkError'
}

/** A response body over the kit's cap: the exchange fails, and the kit's memory stays bounded. */
export class ResponseTooLargeError extends ConformanceError {
  static override readonly type = 'conformance.ResponseTooLargeError'
}

/** A read-only run tried to send a write: a bug in the kit, so the run stops rather than send it. */
export class WriteInReadOnlyRunError extends ConformanceError {
  static override readonly type = 'conformance.WriteInReadOnlyRunError'
}
