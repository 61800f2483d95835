import type { MiddlewareHandler } from 'hono'
import { fail, problem } from '../http/problem.ts'
import type { FaultPlan } from './fault-plan.ts'

/** Resolves after `ms`, or as soon as `signal` aborts (the client is gone: nobody waits). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true })
  })
}

/**
 * Applies the {@link FaultPlan}'s decision to each request before any route runs, so an injected
 * failure never reaches the store. `OPTIONS` is left alone: a failed CORS preflight would hide
 * the fault from a browser app behind "Failed to fetch". A connection to cut is answered with a
 * network error (`Response.error()`): fetch (and msw) reject with it, and the Node edge
 * (`listen`) cuts the socket.
 */
export function faultInjection(plan: FaultPlan): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const decision = plan.decide(c.req.method, c.req.path, c.req.header('prefer'))
    if ('invalid' in decision) fail(400, decision.invalid)
    const { signal } = c.req.raw
    const { fault } = decision
    const delayMs = decision.latencyMs + (fault?.kind === 'latency' ? fault.ms : 0)
    if (delayMs > 0 && !signal.aborted) await sleep(delayMs, signal)
    // A client that gave up while it waited is gone: its request must not reach the store.
    if (signal.aborted) return Response.error()
    switch (fault?.kind) {
      case undefined:
      case 'latency':
        return next()
      case 'status': {
        const detail = fault.detail ?? `The server failed this request on purpose (${fault.status})`
        const headers: Record<string, string> =
          fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) }
        return problem(fault.status, detail, { headers })
      }
      case 'body':
        return Response.json(fault.body, { status: fault.status ?? 200 })
      case 'hang':
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
        return Response.error()
      case 'drop':
        return Response.error()
    }
  }
}
