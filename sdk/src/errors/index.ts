export { AbortError } from './AbortError.ts'
export { BadRequestError } from './BadRequestError.ts'
export { ConflictError } from './ConflictError.ts'
export {
  isAbortError,
  isNetworkError,
  isResponseValidationError,
  isTimeoutError,
  isTodoApiError,
  isTodoClientError,
} from './guards.ts'
export { NetworkError } from './NetworkError.ts'
export { NotFoundError } from './NotFoundError.ts'
export { PreconditionFailedError } from './PreconditionFailedError.ts'
export { RateLimitError } from './RateLimitError.ts'
export {
  ResponseValidationError,
  type ResponseValidationErrorInit,
} from './ResponseValidationError.ts'
export { ServerError } from './ServerError.ts'
export { TimeoutError } from './TimeoutError.ts'
export { TodoApiError, type TodoApiErrorInit } from './TodoApiError.ts'
export { type RequestDescription, TodoClientError } from './TodoClientError.ts'
export { UnprocessableContentError } from './UnprocessableContentError.ts'
