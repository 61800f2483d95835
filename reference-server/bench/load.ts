/// <reference path="./autocannon.d.ts" />
import autocannon from 'autocannon'

/** One benchmarked request shape. */
export interface Load {
  readonly method: 'GET' | 'POST' | 'PATCH'
  /** The path, or a function of a counter (for rotating ids). */
  readonly path: string | ((count: number) => string)
  readonly body?: string
  readonly connections: number
}

/** What one run measured. */
export interface Measurement {
  /** Mean requests per second. */
  readonly rps: number
  /** 99th-percentile latency in milliseconds. */
  readonly p99: number
  /** Responses that were not 2xx, and connection errors: both must be 0 for a valid run. */
  readonly non2xx: number
  readonly errors: number
}

/**
 * Runs autocannon against `url` for `seconds` (after an unrecorded warm-up, so the server's JIT
 * has compiled the path being measured).
 */
export async function measure(
  url: string,
  load: Load,
  seconds: number,
  warmUp = 1,
): Promise<Measurement> {
  let count = 0
  const request = {
    method: load.method,
    ...(load.body !== undefined && {
      body: load.body,
      headers: { 'content-type': 'application/json' },
    }),
    setupRequest: (raw: { path?: string }) => {
      raw.path = typeof load.path === 'string' ? load.path : load.path(count++)
      return raw
    },
  }
  const options = { url, connections: load.connections, pipelining: 1, requests: [request] }
  if (warmUp > 0) await autocannon({ ...options, duration: warmUp })
  const result = await autocannon({ ...options, duration: seconds })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}
