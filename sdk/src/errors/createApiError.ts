import { BadRequestError } from './BadRequestError.ts'
import { ConflictError } from './ConflictError.ts'
import { NotFoundError } from './NotFoundError.ts'
import { PreconditionFailedError } from './PreconditionFailedError.ts'
import { RateLimitError } from './RateLimitError.ts'
import { ServerError } from './ServerError.ts'
import { TodoApiError, type TodoApiErrorInit } from './TodoApiError.ts'
import { UnprocessableContentError } from './UnprocessableContentError.ts'

const BY_STATUS: Readonly<Record<number, typeof TodoApiError>> = {
  400: BadRequestError,
  404: NotFoundError,
  409: ConflictError,
  412: PreconditionFailedError,
  422: UnprocessableContentError,
  429: RateLimitError,
}

/** The one place that maps a status to its error class; other statuses get `TodoApiError`. */
export function createApiError(init: TodoApiErrorInit): TodoApiError {
  const ErrorClass = BY_STATUS[init.status] ?? (init.status >= 500 ? ServerError : TodoApiError)
  return new ErrorClass(init)
}
