export { AbortError, type AbortErrorInit } from './AbortError.ts'
export { BadRequestError } from './BadRequestError.ts'
export { ConflictError } from './ConflictError.ts'
export {
  isAbortError,
  isBadRequestError,
  isConflictError,
  isNetworkError,
  isNotFoundError,
  isPagingError,
  isPreconditionFailedError,
  isRateLimitError,
  isRedirectError,
  isResponseTooLargeError,
  isResponseValidationError,
  isServerError,
  isTimeoutError,
  isTodoApiError,
  isTodoClientError,
  isUnprocessableContentError,
} from './guards.ts'
export { NetworkError, type NetworkErrorInit } from './NetworkError.ts'
export { NotFoundError } from './NotFoundError.ts'
export { PagingError } from './PagingError.ts'
export { PreconditionFailedError } from './PreconditionFailedError.ts'
export { RateLimitError } from './RateLimitError.ts'
export { RedirectError, type RedirectErrorInit } from './RedirectError.ts'
export {
  ResponseTooLargeError,
  type ResponseTooLargeErrorInit,
} from './ResponseTooLargeError.ts'
export {
  ResponseValidationError,
  type ResponseValidationErrorInit,
} from './ResponseValidationError.ts'
export { ServerError } from './ServerError.ts'
export { TimeoutError, type TimeoutErrorInit } from './TimeoutError.ts'
export { TodoApiError, type TodoApiErrorInit } from './TodoApiError.ts'
export {
  type RequestDescription,
  TodoClientError,
  type TodoClientErrorInit,
} from './TodoClientError.ts'
export { UnprocessableContentError } from './UnprocessableContentError.ts'
