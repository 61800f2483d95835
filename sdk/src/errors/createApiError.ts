import { BadRequestError } from './BadRequestError.ts'
import { ConflictError } from './ConflictError.ts'
import { NotFoundError } from './NotFoundError.ts'
import { PreconditionFailedError } from './PreconditionFailedError.ts'
import { RateLimitError } from './RateLimitError.ts'
import { ServerError } from './ServerError.ts'
import { TodoApiError, type TodoApiErrorInit } from './TodoApiError.ts'
import { UnprocessableContentError } from './UnprocessableContentError.ts'

/**
 * The one place that maps a status to its error class: any 5xx is a `ServerError`, a status
 * without a class of its own a plain `TodoApiError`.
 *
 * @example
 * createApiError({ method: 'GET', url: 'http://127.0.0.1:3000/todos/9', status: 404 }) // a NotFoundError
 */
export function createApiError(init: TodoApiErrorInit): TodoApiError {
  // Each case narrows `status` to the literal its class is typed by.
  const { status } = init
  switch (status) {
    case 400:
      return new BadRequestError({ ...init, status })
    case 404:
      return new NotFoundError({ ...init, status })
    case 409:
      return new ConflictError({ ...init, status })
    case 412:
      return new PreconditionFailedError({ ...init, status })
    case 422:
      return new UnprocessableContentError({ ...init, status })
    case 429:
      return new RateLimitError({ ...init, status })
  }
  return status >= 500 ? new ServerError(init) : new TodoApiError(init)
}
