import { brandError } from '@todokit/sdk/internal'

/**
 * Base of the kit's errors. Each is branded with `brandError`, so the SDK's `isErrorType`
 * recognises it in another realm or from a second copy of the kit, where `instanceof` fails,
 * and never mistakes an error that merely shares its name (the SDK has a `NetworkError` too).
 * Each subclass declares its own `type`, unique across todokit's packages, `conformance.` and
 * the class's name, which becomes the error's `name`.
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
