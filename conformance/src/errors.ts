import { brandError } from '@todokit/sdk/internal'

/** Base of the kit's errors, branded so that the SDK's `isErrorType` knows them across realms. */
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

/** The server did not answer before anything was checked (CLI exit code 2). */
export class ServerUnreachableError extends ConformanceError {
  static override readonly type = 'conformance.ServerUnreachableError'
}
