import { brandError } from '@todokit/sdk/internal'

/**
 * Base of the kit's errors, branded so that the SDK's `isErrorType` knows one from another realm
 * or copy of the kit; each `type` is unique across todokit's packages, and names the error.
 */
export class ConformanceError extends Error {
  static readonly type: string = 'conformance.ConformanceError'
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.type.slice('conformance.'.length)
    brandError(this, new.target)
  }
}

/** The options or arguments given to the kit are unusable (CLI exit code 2). */
export class InvalidOptionsError extends ConformanceError {
  static override readonly type = 'conformance.InvalidOptionsError'
}

/**
 * The server did not answer, and a fresh `GET /todos` did not either: before anything was
 * checked, `runConformance` throws it (CLI exit code 2); later, the report says so.
 */
export class ServerUnreachableError extends ConformanceError {
  static override readonly type = 'conformance.ServerUnreachableError'
}
