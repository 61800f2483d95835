import { statusTextFor } from '@todokit/sdk/contract'
import { bounded } from './bounded.ts'
import { NetworkError, ResponseTooLargeError, WriteInReadOnlyRunError } from './errors.ts'
import { type Exchange, excerpt } from './exchange.ts'

/** Anything that answers a `Request`: global `fetch`, or an in-process app such as `app.fetch`. */
export type FetchLike = (request: Request) => Response | Promise<Response>

/** A response the kit read completely, with the exchange that produced it. */
export interface HttpResponse {
  status: number
  statusText: string
  headers: Headers
  text: string
  /** The parsed body, or `undefined` when the body is empty or not JSON. */
  json: unknown
  /** Whether the body parsed as JSON. */
  isJson: boolean
  exchange: Exchange
}

/** What to send besides the method and path. */
export interface RequestOptions {
  /** A value sent as a JSON body with `content-type: application/json`. */
  json?: unknown
  /** A raw body sent with `content-type: application/json` (for malformed JSON on purpose). */
  rawBody?: string
  /** Query parameters, appended in order. */
  query?: Record<string, string>
}

/** Settings shared by every request of a run. */
export interface HttpConfig {
  /** Base URL without a trailing slash. */
  baseUrl: string
  fetch: FetchLike
  headers: Readonly<Record<string, string>>
  /** Per-request timeout in milliseconds. */
  timeout: number
  signal?: AbortSignal
  /** Told of each request as it is sent, before any answer. */
  onSend?: (method: string, url: string) => void
  /** Send only {@link READ_METHODS}: any other method throws before it leaves. */
  readOnly?: boolean
}

/** The methods a read-only run may send: they read, and change nothing on the server. */
export const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS']

/** Sends requests and reports each exchange to the recorders. */
export interface HttpClient {
  request(method: string, path: string, options?: RequestOptions): Promise<HttpResponse>
  /** A client that also reports exchanges to `recorder`. */
  recording(recorder: (exchange: Exchange, response?: HttpResponse) => void): HttpClient
  readonly config: HttpConfig
}

/**
 * Largest response body the kit reads, in bytes: far above any real list, small enough that an
 * endless body costs the kit nothing. A larger body fails its exchange.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

/** Reads a body as text, stopping (and cancelling the stream) past {@link MAX_RESPONSE_BYTES}. */
async function readCapped(response: Response, what: string): Promise<string> {
  if (!response.body) return ''
  const declared = Number(response.headers.get('content-length'))
  if (declared > MAX_RESPONSE_BYTES) {
    await response.body.cancel().catch(() => {})
    throw new ResponseTooLargeError(
      `${what} announced a body of ${declared} bytes, over the kit's cap of ${MAX_RESPONSE_BYTES}`,
    )
  }
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return text + decoder.decode()
    size += value.byteLength
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => {})
      throw new ResponseTooLargeError(
        `${what} sent a body over the kit's cap of ${MAX_RESPONSE_BYTES} bytes`,
      )
    }
    text += decoder.decode(value, { stream: true })
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5

/**
 * Builds the URL of `path` (and its query) below the base URL; an absolute URL, such as a `Link`
 * header's, is taken as it is.
 */
export function urlFor(baseUrl: string, path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : ''
  return `${URL.canParse(path) ? '' : baseUrl}${path}${search}`
}

function headerRecord(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.entries())
}

function parseJson(text: string): { json: unknown; isJson: boolean } {
  if (text.trim() === '') return { json: undefined, isJson: false }
  try {
    return { json: JSON.parse(text), isJson: true }
  } catch {
    return { json: undefined, isJson: false }
  }
}

/** Header names whose values reports must not show (they end up in CI logs). */
const SECRET_HEADER = /authorization|cookie|token|secret|api-?key|password/i

/** The headers as reports show them: secret values replaced. */
function redacted(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      SECRET_HEADER.test(name) ? '<redacted>' : value,
    ]),
  )
}

type Recorder = (exchange: Exchange, response?: HttpResponse) => void

async function sendOnce(
  config: HttpConfig,
  method: string,
  url: string,
  body: string | undefined,
): Promise<{ response: HttpResponse; location?: string }> {
  const requestHeaders: Record<string, string> = { accept: 'application/json', ...config.headers }
  if (body !== undefined) requestHeaders['content-type'] = 'application/json'
  const exchange: Exchange = {
    method,
    url,
    requestHeaders: redacted(requestHeaders),
    durationMs: 0,
  }
  if (body !== undefined) exchange.requestBody = body
  const started = performance.now()
  config.onSend?.(method, url)
  const controller = new AbortController()
  try {
    const what = `${method} ${url}`
    const raw = await bounded(
      async () => {
        const request = new Request(url, {
          method,
          headers: requestHeaders,
          body,
          redirect: 'manual',
          signal: controller.signal,
        })
        try {
          return await config.fetch(request)
        } catch (error) {
          if (controller.signal.aborted) throw error
          const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
          throw new NetworkError(
            `${what} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
          )
        }
      },
      config,
      controller,
      what,
    )
    const text = await bounded(() => readCapped(raw, what), config, controller, what)
    exchange.status = raw.status
    exchange.statusText = statusTextFor(raw.status, raw.statusText)
    exchange.responseHeaders = headerRecord(raw.headers)
    exchange.responseBody = excerpt(text)
    exchange.durationMs = Math.round(performance.now() - started)
    const location = REDIRECT_STATUSES.has(raw.status)
      ? (raw.headers.get('location') ?? undefined)
      : undefined
    return {
      response: {
        status: raw.status,
        statusText: exchange.statusText,
        headers: raw.headers,
        text,
        ...parseJson(text),
        exchange,
      },
      location,
    }
  } catch (error) {
    exchange.error = error instanceof Error ? error.message : String(error)
    exchange.durationMs = Math.round(performance.now() - started)
    Object.assign(error as object, { exchange })
    throw error
  }
}

/**
 * Creates the raw HTTP client checks use: no retries, redirects followed only within the same
 * origin, every exchange recorded, each request bounded by the timeout.
 */
export function createHttpClient(
  config: HttpConfig,
  recorders: readonly Recorder[] = [],
): HttpClient {
  const report = (exchange: Exchange, response?: HttpResponse) => {
    for (const recorder of recorders) recorder(exchange, response)
  }
  return {
    config,
    recording: (recorder) => createHttpClient(config, [...recorders, recorder]),
    async request(method, path, options = {}) {
      // Every request of a run, scenario, exploration, probe or cleanup, leaves here.
      if (config.readOnly && !READ_METHODS.includes(method))
        throw new WriteInReadOnlyRunError(
          `A read-only run tried to send ${method} ${path}: only ${READ_METHODS.join(', ')} may be sent`,
        )
      let body =
        options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
      let url = urlFor(config.baseUrl, path, options.query)
      let currentMethod = method
      for (let hop = 0; ; hop++) {
        let sent: Awaited<ReturnType<typeof sendOnce>>
        try {
          sent = await sendOnce(config, currentMethod, url, body)
        } catch (error) {
          const exchange = (error as { exchange?: Exchange }).exchange
          if (exchange) report(exchange)
          throw error
        }
        const { response, location } = sent
        if (location === undefined || hop === MAX_REDIRECTS) {
          report(response.exchange, response)
          return response
        }
        const next = new URL(location, url)
        if (next.origin !== new URL(url).origin) {
          response.exchange.note = `redirect to another origin (${next.origin}) not followed`
          report(response.exchange, response)
          return response
        }
        report(response.exchange, response)
        // As fetch does: 303 (and 301/302 after a POST) continue as a GET without a body.
        if (response.status === 303 || (currentMethod === 'POST' && response.status <= 302)) {
          currentMethod = 'GET'
          body = undefined
        }
        url = next.href
      }
    },
  }
}
