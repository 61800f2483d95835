/** The options or arguments given to the kit are unusable (CLI exit code 2). */
export class InvalidOptionsError extends Error {
  override name = 'InvalidOptionsError'
}

/** The base URL did not answer at all (CLI exit code 2): nothing was checked. */
export class ServerUnreachableError extends Error {
  override name = 'ServerUnreachableError'
}
