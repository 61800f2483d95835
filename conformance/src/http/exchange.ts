/** One HTTP request the kit sent and what came back: enough to replay it with curl. */
export interface Exchange {
  method: string
  url: string
  /** Headers the kit sent, the `headers` option's among them, secret values redacted. */
  requestHeaders: Record<string, string>
  requestBody?: string
  status?: number
  /** The server's reason phrase, or the standard one when the protocol carries none. */
  statusText?: string
  responseHeaders?: Record<string, string>
  /** The start of the response body (at most 1,000 characters). */
  responseBody?: string
  /** Why no response arrived: a timeout, a network error, a redirect to another origin. */
  error?: string
  durationMs: number
}

export const excerpt = (text: string, limit = 1_000): string =>
  text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length - limit} more characters)`

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`

/** The curl command that replays an exchange: `curl -i -X GET 'http://host/todos'`. */
export function curlCommand({ method, url, requestHeaders, requestBody }: Exchange): string {
  const headers = Object.entries(requestHeaders).map((header) => `-H ${quote(header.join(': '))}`)
  const body = requestBody === undefined ? [] : [`--data-raw ${quote(requestBody)}`]
  return ['curl -i', `-X ${method}`, quote(url), ...headers, ...body].join(' ')
}
