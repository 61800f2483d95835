/**
 * `@todokit/sdk/internal`: what the other todokit packages share with the SDK, and no part of
 * its public API. It may change in any release; applications use the `is…Error` guards.
 *
 * @module
 */
export { brandError, type ErrorType, isErrorType } from './errors/errorType.ts'
