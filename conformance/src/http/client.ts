import { once } from 'node:events'
import { statusTextFor } from '@todokit/sdk/contract'
import { followRedirects, NetworkError, readBody, TimeoutError } from '@todokit/sdk/internal'
import type { ResolvedOptions } from '../options.ts'
import { type Exchange, excerpt } from './exchange.ts'

/** Anything that answers a `Request`: global `fetch`, or an in-process app such as `app.fetch`. */
export type FetchLike = (request: Request) => Response | Promise<Response>

/** A response read whole (`json` is `undefined` when it is not JSON), and its exchange. */
export type HttpResponse = Awaited<ReturnType<HttpClient['request']>>
export type HttpClient = ReturnType<typeof createHttpClient>

/** Header names whose values reports must not show (they end up in CI logs). */
const SECRET = /authorization|cookie|token|secret|api-?key|password/i
/** Far above any real list, small enough that an endless body costs the kit nothing. */
const MAX_RESPONSE_BYTES = 16 * 1024 * 1024

/** The URL of `path` (and its query) below the base URL; an absolute URL is taken as it is. */
export function urlFor(baseUrl: string, path: string, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query)}` : ''
  return `${URL.canParse(path) ? '' : baseUrl}${path}${search}`
}

/**
 * The raw client the operations send through: no retries, redirects followed on the same origin
 * only, each request and its body bounded by the timeout and the run's signal. A request that
 * gets no answer throws an error carrying its `exchange`.
 */
export function createHttpClient(
  config: Pick<ResolvedOptions, 'baseUrl' | 'fetch' | 'headers' | 'timeout' | 'signal'>,
) {
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
      const body =
        options.rawBody ?? (options.json === undefined ? undefined : JSON.stringify(options.json))
      const url = urlFor(config.baseUrl, path, options.query)
      const headers: Record<string, string> = { accept: 'application/json', ...config.headers }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const requestHeaders = Object.fromEntries(
        Object.entries(headers).map(([name, v]) => [name, SECRET.test(name) ? '<redacted>' : v]),
      )
      const exchange: Exchange = { method, url, requestHeaders, durationMs: 0 }
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
      // Raced against the signal, as an in-process app may ignore it.
      const aborted = once(signal, 'abort').then(() => Promise.reject(signal.reason))
      const read = async () => {
        const raw = await send(
          new Request(url, { method, headers, body, redirect: 'manual', signal }),
        )
        return { raw, text: await readBody(raw, { method, url }, MAX_RESPONSE_BYTES, false) }
      }
      try {
        const { raw, text } = await Promise.race([read(), aborted])
        const { status, headers } = raw
        const statusText = statusTextFor(status, raw.statusText)
        const responseHeaders = Object.fromEntries(headers)
        const responseBody = excerpt(text)
        Object.assign(exchange, { status, statusText, responseHeaders, responseBody })
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          // Not JSON: the rules read `text`.
        }
        return { status, statusText, headers, text, json, exchange }
      } catch (caught) {
        // A timeout rejects with its TimeoutError, the reason of the signal; the run's abort does not.
        const interrupted = config.signal?.aborted && !timeout.signal.aborted
        const error = interrupted ? new Error(`${method} ${url} was interrupted`) : caught
        exchange.error = error instanceof Error ? error.message : String(error)
        throw Object.assign(error as object, { exchange })
      } finally {
        clearTimeout(timer)
        exchange.durationMs = Math.round(performance.now() - started)
      }
    },
  }
}
