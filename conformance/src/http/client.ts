import { statusTextFor } from '@todokit/sdk/contract'
import { followRedirects, NetworkError, readBody, TimeoutError } from '@todokit/sdk/internal'
import type { ResolvedOptions } from '../options.ts'
import { type Exchange, excerpt } from './exchange.ts'

/** Anything that answers a `Request`: global `fetch`, or an in-process app such as `app.fetch`. */
export type FetchLike = (request: Request) => Response | Promise<Response>

/** A response the kit read completely (`json` is `undefined` when it is not JSON), and its exchange. */
export type HttpResponse = Awaited<ReturnType<HttpClient['request']>>

/** Settings shared by every request of a run; a read-only client throws before a write leaves. */
export type HttpConfig = Pick<ResolvedOptions, 'baseUrl' | 'fetch' | 'headers' | 'timeout'> &
  Partial<Pick<ResolvedOptions, 'signal' | 'readOnly'>>

/** Sends requests; a request that gets no answer throws an error that carries its `exchange`. */
export type HttpClient = ReturnType<typeof createHttpClient>

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS']
/** Header names whose values reports must not show (they end up in CI logs). */
const SECRET_HEADER = /authorization|cookie|token|secret|api-?key|password/i
/** Far above any real list, small enough that an endless body costs the kit nothing. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

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

/**
 * Creates the raw HTTP client the operations use: no retries, redirects followed only within
 * the same origin, each request and its body bounded by the timeout and the run's signal.
 */
export function createHttpClient(config: HttpConfig) {
  const send = followRedirects(async (request) => {
    try {
      return await config.fetch(request)
    } catch (error) {
      if (request.signal.aborted) throw error
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
      throw new NetworkError({ method: request.method, url: request.url, cause })
    }
  })
  return {
    config,
    /** `rawBody` is for malformed JSON on purpose. */
    async request(
      method: string,
      path: string,
      options: { json?: unknown; rawBody?: string; query?: Record<string, string> } = {},
    ) {
      if (config.readOnly && !READ_METHODS.includes(method))
        // A bug in the kit: the run stops rather than send it.
        throw new Error(
          `A read-only run tried to send ${method} ${path}: only ${READ_METHODS.join(', ')} may be sent`,
        )
      const body =
        options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
      const url = urlFor(config.baseUrl, path, options.query)
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
      const started = performance.now()
      // Not AbortSignal.timeout, whose timer does not hold the process open: a handler in the
      // same process that never answers would end a script's run instead of timing out.
      const timeout = new AbortController()
      const timer = setTimeout(
        () => timeout.abort(new TimeoutError({ method, url, timeout: config.timeout })),
        config.timeout,
      )
      const signal = AbortSignal.any([timeout.signal, ...(config.signal ? [config.signal] : [])])
      try {
        const { raw, text } = await until(signal, async () => {
          const raw = await send(
            new Request(url, { method, headers, body, redirect: 'manual', signal }),
          )
          return { raw, text: await readBody(raw, { method, url }, MAX_RESPONSE_BYTES, false) }
        })
        const statusText = statusTextFor(raw.status, raw.statusText)
        const responseHeaders = Object.fromEntries(raw.headers)
        const responseBody = excerpt(text)
        Object.assign(exchange, { status: raw.status, statusText, responseHeaders, responseBody })
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          // Not JSON: `json` stays undefined, and the rules read `text`.
        }
        return { status: raw.status, statusText, headers: raw.headers, text, json, exchange }
      } catch (caught) {
        const error = !signal.aborted
          ? caught
          : timeout.signal.aborted
            ? timeout.signal.reason
            : new Error(`${method} ${url} was interrupted`)
        exchange.error = error instanceof Error ? error.message : String(error)
        throw Object.assign(error as object, { exchange })
      } finally {
        clearTimeout(timer)
        exchange.durationMs = Math.round(performance.now() - started)
      }
    },
  }
}
