/**
 * `@todokit/sdk/internal`: what the other todokit packages share with the SDK, and no part of
 * its public API. It may change in any release; applications use the `is…Error` guards.
 *
 * @module
 */
export { followRedirects } from './client/followRedirects.ts'
export { readBody } from './client/readBody.ts'
export { brandError, type ErrorType, isErrorType } from './errors/errorType.ts'
export { NetworkError } from './errors/NetworkError.ts'
export { RedirectError } from './errors/RedirectError.ts'
export { ResponseTooLargeError } from './errors/ResponseTooLargeError.ts'
export { TimeoutError } from './errors/TimeoutError.ts'
