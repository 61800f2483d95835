/**
 * Standard reason phrases (RFC 9110 and friends) for the codes a todos service may answer with.
 * HTTP/2 and HTTP/3 carry no reason phrase, so clients fall back to this table.
 *
 * @example
 * STATUS_TEXT[413] // → 'Content Too Large' (Node's own table still says 'Payload Too Large')
 */
export const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

/**
 * The reason phrase to show for `status`: the server's own when it sent one, else the standard
 * phrase, else a generic one by class.
 *
 * @example
 * statusTextFor(404, '') // → 'Not Found'
 */
export function statusTextFor(status: number, received = ''): string {
  if (received) return received
  return (
    STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : status >= 400 ? 'Client Error' : '')
  )
}
