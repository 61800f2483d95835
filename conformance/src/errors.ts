import { brandError } from '@todokit/sdk/internal'

/**
 * Base of the kit's errors. `brandError` lets the SDK's `isErrorType` recognise one from another
 * realm or copy of the kit, where `instanceof` fails; each class's `type` is unique across
 * todokit's packages (the SDK has a `NetworkError` too), and names the error.
 *
 * @example
 * if (isErrorType(error, InvalidOptionsError)) process.exitCode = 2
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

/** The base URL did not answer at all (CLI exit code 2): nothing was checked. */
export class ServerUnreachableError extends ConformanceError {
  static override readonly type = 'conformance.ServerUnreachableError'
}
