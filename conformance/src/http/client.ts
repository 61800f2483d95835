import { statusTextFor } from '@todokit/sdk/contract'
import type { ResolvedOptions } from '../options.ts'
import {
  NetworkError,
  RequestTimeoutError,
  ResponseTooLargeError,
  WriteInReadOnlyRunError,
} from './errors.ts'
import { type Exchange, excerpt } from './exchange.ts'

/** Anything that answers a `Request`: global `fetch`, or an in-process app such as `app.fetch`. */
export type FetchLike = (request: Request) => Response | Promise<Response>

/** A response the kit read completely (`json` is `undefined` when it is not JSON), and its exchange. */
export type HttpResponse = Awaited<ReturnType<typeof send>>

/** What to send besides the method and path; `rawBody` is for malformed JSON on purpose. */
type RequestOptions = { json?: unknown; rawBody?: string; query?: Record<string, string> }

/** Settings shared by every request of a run; a read-only client throws before a write leaves. */
export type HttpConfig = Pick<ResolvedOptions, 'baseUrl' | 'fetch' | 'headers' | 'timeout'> &
  Partial<Pick<ResolvedOptions, 'signal' | 'readOnly'>>

/** Sends requests; a request that gets no answer throws an error that carries its `exchange`. */
export type HttpClient = ReturnType<typeof createHttpClient>

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS']
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 5
/** Header names whose values reports must not show (they end up in CI logs). */
const SECRET_HEADER = /authorization|cookie|token|secret|api-?key|password/i

/**
 * Largest response body the kit reads, in bytes: far above any real list, small enough that an
 * endless body costs the kit nothing. A larger body fails its exchange.
 */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

async function readCapped(response: Response, what: string): Promise<string> {
  const tooLarge = (verb: string) =>
    new ResponseTooLargeError(
      `${what} ${verb} a body over the kit's cap of ${MAX_RESPONSE_BYTES} bytes`,
    )
  if (!response.body) return ''
  if (Number(response.headers.get('content-length')) > MAX_RESPONSE_BYTES) {
    await response.body.cancel().catch(() => {})
    throw tooLarge('announced')
  }
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for await (const chunk of response.body) {
    size += chunk.byteLength
    if (size > MAX_RESPONSE_BYTES) throw tooLarge('sent')
    text += decoder.decode(chunk, { stream: true })
  }
  return text + decoder.decode()
}

/** Runs `work` until `signal` aborts: an in-process app may ignore the signal. */
function until<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  const aborted = new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })
  const attempt = work()
  attempt.catch(() => {})
  return Promise.race([attempt, aborted])
}

/** The URL of `path` (and its query) below the base URL; an absolute URL is taken as it is. */
export function urlFor(baseUrl: string, path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : ''
  return `${URL.canParse(path) ? '' : baseUrl}${path}${search}`
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

async function send(config: HttpConfig, method: string, url: string, body?: string) {
  const headers: Record<string, string> = { accept: 'application/json', ...config.headers }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const shown = Object.entries(headers).map(([name, value]) => [
    name,
    SECRET_HEADER.test(name) ? '<redacted>' : value,
  ])
  const exchange: Exchange = {
    method,
    url,
    requestHeaders: Object.fromEntries(shown),
    durationMs: 0,
  }
  if (body !== undefined) exchange.requestBody = body
  const what = `${method} ${url}`
  const started = performance.now()
  // Not AbortSignal.timeout, whose timer does not hold the process open: a handler in the same
  // process that never answers would end a script's run instead of timing out.
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), config.timeout)
  const signal = AbortSignal.any(config.signal ? [timeout.signal, config.signal] : [timeout.signal])
  try {
    const { raw, text } = await until(signal, async () => {
      let raw: Response
      try {
        raw = await config.fetch(
          new Request(url, { method, headers, body, redirect: 'manual', signal }),
        )
      } catch (error) {
        if (signal.aborted) throw error
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
        throw new NetworkError(`${what} failed: ${cause instanceof Error ? cause.message : cause}`)
      }
      return { raw, text: await readCapped(raw, what) }
    })
    const statusText = statusTextFor(raw.status, raw.statusText)
    const responseHeaders = Object.fromEntries(raw.headers)
    const responseBody = excerpt(text)
    Object.assign(exchange, { status: raw.status, statusText, responseHeaders, responseBody })
    const json = parseJson(text)
    return { status: raw.status, statusText, headers: raw.headers, text, json, exchange }
  } catch (caught) {
    const error = !signal.aborted
      ? caught
      : timeout.signal.aborted
        ? new RequestTimeoutError(`${what} got no answer within ${config.timeout} ms`)
        : new Error(`${what} was interrupted`)
    exchange.error = error instanceof Error ? error.message : String(error)
    throw Object.assign(error as object, { exchange })
  } finally {
    clearTimeout(timer)
    exchange.durationMs = Math.round(performance.now() - started)
  }
}

/**
 * Creates the raw HTTP client the operations use: no retries, redirects followed only within
 * the same origin, each request bounded by the timeout and the run's signal.
 */
export function createHttpClient(config: HttpConfig) {
  return {
    config,
    async request(
      method: string,
      path: string,
      options: RequestOptions = {},
    ): Promise<HttpResponse> {
      if (config.readOnly && !READ_METHODS.includes(method))
        throw new WriteInReadOnlyRunError(
          `A read-only run tried to send ${method} ${path}: only ${READ_METHODS.join(', ')} may be sent`,
        )
      let body =
        options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
      let url = urlFor(config.baseUrl, path, options.query)
      for (let hop = 0; ; hop++) {
        const response = await send(config, method, url, body)
        const location = response.headers.get('location')
        if (!REDIRECT_STATUSES.has(response.status) || location === null || hop === MAX_REDIRECTS)
          return response
        const next = new URL(location, url)
        if (next.origin !== new URL(url).origin) {
          response.exchange.note = `redirect to another origin (${next.origin}) not followed`
          return response
        }
        // As fetch does: 303 (and 301/302 after a POST) continue as a GET without a body.
        if (response.status === 303 || (method === 'POST' && response.status <= 302)) {
          method = 'GET'
          body = undefined
        }
        url = next.href
      }
    },
  }
}
