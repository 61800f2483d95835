import type { MiddlewareHandler } from 'hono'
import { fail, problem } from '../http/problem.ts'
import type { Fault, FaultPlan } from './fault-plan.ts'

/** Resolves after `ms`, or as soon as `signal` aborts (the client is gone: nobody waits). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

/** Resolves once `signal` aborts: the client gave up, or the server cut the connection. */
export function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }))
}

/**
 * The error answer of a `status` fault: a problem+json body as every other error of the server
 * has, with `Retry-After` when the fault gives one.
 *
 * @example
 * statusFaultResponse({ kind: 'status', status: 503, retryAfter: 0 }) // → 503, Retry-After: 0
 */
export function statusFaultResponse(fault: Extract<Fault, { kind: 'status' }>): Response {
  const detail = fault.detail ?? `The server failed this request on purpose (${fault.status})`
  const headers: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'retry-after': String(fault.retryAfter) }
  return problem(fault.status, detail, { headers })
}

/** The answer of a `body` fault: JSON the contract does not allow, with a success status. */
export function bodyFaultResponse(fault: Extract<Fault, { kind: 'body' }>): Response {
  return Response.json(fault.body, { status: fault.status ?? 200 })
}

/**
 * Cuts the connection the request came on. On Node (`@hono/node-server`) that is the request's
 * socket; where the runtime offers none (in-process `app.request`), a network-error response,
 * which fetch turns into a rejection.
 */
function dropConnection(env: unknown): Response {
  const socket = (env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming
    ?.socket
  if (socket === undefined) return Response.error()
  socket.destroy()
  // Nobody reads this answer (the socket is gone); its status is for the request log, which then
  // shows nginx's 499 "closed without an answer" rather than a success.
  return new Response(null, { status: 499 })
}

/**
 * Applies the {@link FaultPlan}'s decision to each request before any route runs, so an injected
 * failure never reaches the store. `OPTIONS` is left alone: a failed CORS preflight would hide
 * the fault from a browser app behind "Failed to fetch".
 */
export function faultInjection(plan: FaultPlan): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const decision = plan.decide(c.req.method, c.req.path, c.req.header('prefer'))
    if ('invalid' in decision) fail(400, decision.invalid)
    const { signal } = c.req.raw
    const { fault } = decision
    const delayMs = decision.latencyMs + (fault?.kind === 'latency' ? fault.ms : 0)
    if (delayMs > 0) await sleep(delayMs, signal)
    // A client that gave up while it waited is gone: its request must not reach the store.
    if (signal.aborted) return dropConnection(c.env)
    switch (fault?.kind) {
      case undefined:
      case 'latency':
        return next()
      case 'status':
        return statusFaultResponse(fault)
      case 'body':
        return bodyFaultResponse(fault)
      case 'hang':
        await aborted(signal)
        return dropConnection(c.env)
      case 'drop':
        return dropConnection(c.env)
    }
  }
}
