import { type Endpoint, endpoints, type OperationName } from '@todokit/sdk/contract'
import type { MiddlewareHandler } from 'hono'
import { problem, refuse } from '../http/problem.ts'

/**
 * One way for a request to go wrong, before the store is touched: a problem+json `status`
 * (with `Retry-After`), `latency`, a `hang` until the client aborts, a `drop`ped connection, or
 * a `body` (200 unless `status`) that breaks the contract.
 * @example const outage: Fault = { kind: 'status', status: 503, retryAfter: 0 }
 */
export type Fault =
  | { kind: 'status'; status: number; detail?: string | undefined; retryAfter?: number | undefined }
  | { kind: 'latency'; ms: number }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | { kind: 'body'; body: unknown; status?: number | undefined }

/**
 * Which requests a fault applies to: an operation of the contract (`'list'`, `'get'`, …) or
 * `'METHOD /path'` relative to the API's base, `{id}` standing for any id (`'PATCH /todos/{id}'`).
 */
export type FaultRoute = NonNullable<FaultRuleOptions['route']>

/**
 * When a fault applies.
 * @example const firstTwoReads: FaultRuleOptions = { route: 'GET /todos/7', times: 2 }
 */
export interface FaultRuleOptions {
  /** The requests it applies to (see {@link FaultRoute}). @default every request to the API */
  route?: OperationName | `${Endpoint['method'] | 'HEAD'} /${string}` | undefined
  /** How many requests get it. @default Infinity */
  times?: number | undefined
  /** The chance (0 to 1) that a matching request gets it, from the seeded generator. @default 1 */
  rate?: number | undefined
}

/**
 * Faults every API request may get, as the CLI's flags set them.
 * @example createApp({ faults: { latencyMs: 50, failureRate: 0.2, seed: 7 } })
 */
export interface FaultOptions {
  /** Milliseconds added before every answer. @default 0 */
  latencyMs?: number | undefined
  /** The chance (0 to 1) that a request is answered 503 instead. @default 0 */
  failureRate?: number | undefined
  /** Seed of the generator behind `failureRate` and each rule's `rate`. @default 1 */
  seed?: number | undefined
  /**
   * Whether a request may ask for its own fault with a `Prefer` header: `code=503` (as Prism),
   * `retry-after=S`, `delay=MS`, `hang`, `drop`, `body=invalid`. @default true
   */
  prefer?: boolean | undefined
}

/** The delays honoured (`Prefer: delay=MS`, `--latency MS`), within the server's idle timeout. */
export const DELAY_RANGE = [0, 20_000, 'a whole number of milliseconds up to 20000'] as const

type Matcher = (method: string, path: string) => boolean
type Rule = { fault: Fault; matches: Matcher; times: number; rate: number }

/** mulberry32: a seed replays the same faults. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pathPattern = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{id}', '[^/]+')}$`)

const API_PATHS = [...new Set(Object.values(endpoints).map((endpoint) => endpoint.path))]
const API_METHODS = new Set([...Object.values(endpoints).map(({ method }) => method), 'HEAD'])

function routeMatcher(route: FaultRoute | undefined): Matcher {
  if (route === undefined) return () => true
  const endpoint = Object.hasOwn(endpoints, route) ? endpoints[route as OperationName] : undefined
  const [method = '', path = ''] = endpoint ? [endpoint.method, endpoint.path] : route.split(' ', 2)
  const wanted = method.toUpperCase()
  if (!API_METHODS.has(wanted) || !path.startsWith('/')) {
    throw new RangeError(
      `Unknown route "${route}": use an operation (${Object.keys(endpoints).join(', ')}) or "METHOD /path"`,
    )
  }
  if (!API_PATHS.some((template) => pathPattern(template).test(path))) {
    throw new RangeError(
      `Route "${route}" matches no path of the API (${API_PATHS.join(', ')}); give the path relative to the base URL, without a query`,
    )
  }
  const pattern = pathPattern(path)
  return (requestMethod, requestPath) =>
    (requestMethod === wanted || (wanted === 'GET' && requestMethod === 'HEAD')) &&
    pattern.test(requestPath)
}

function faultProblem(fault: Fault): string | undefined {
  const isStatus = (value = 599, low = 400) =>
    Number.isInteger(value) && value >= low && value <= 599
  const isCount = (value = 0) => Number.isFinite(value) && value >= 0
  if (fault.kind === 'status' && !isStatus(fault.status))
    return `status must be an error status from 400 to 599, got ${fault.status}`
  if (fault.kind === 'status' && !isCount(fault.retryAfter))
    return `retryAfter must be 0 or more seconds, got ${fault.retryAfter}`
  if (fault.kind === 'latency' && !isCount(fault.ms)) return `ms must be 0 or more, got ${fault.ms}`
  if (fault.kind === 'body' && !isStatus(fault.status, 200))
    return `status must be from 200 to 599, got ${fault.status}`
}

/** The fault and delay a `Prefer` header (RFC 7240) asks for; unknown preferences are ignored. */
function preferredFault(header: string): { delayMs: number; fault?: Fault } {
  const asked = new Map(
    header.split(',').map((preference) => {
      const [token = ''] = preference.split(';', 1)
      const [name = '', value = ''] = token.split(/=(.*)/s).map((part) => part.trim())
      return [name.toLowerCase(), value.replace(/^"(.*)"$/, '$1')]
    }),
  )
  const invalid = (detail: string) => refuse({ status: 400, detail: `Prefer: ${detail}` })
  const number = (name: string, least: number, most: number, what: string) => {
    const text = asked.get(name)
    if (text === undefined) return undefined
    const value = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
    return value >= least && value <= most
      ? value
      : invalid(`${name} must be ${what}, got "${text}"`)
  }
  const delayMs = number('delay', ...DELAY_RANGE) ?? 0
  if (asked.has('retry-after') && !asked.has('code')) {
    invalid('retry-after goes with code (e.g. "code=503, retry-after=0")')
  }
  const body = asked.get('body')
  if (body !== undefined && body !== 'invalid') invalid(`body can only be "invalid", got "${body}"`)
  const [kind, ...others] = (['code', 'hang', 'drop', 'body'] as const).filter((name) =>
    asked.has(name),
  )
  if (others.length > 0) invalid('ask for one of code, hang, drop and body=invalid at a time')
  if (kind === 'code') {
    const status = number('code', 400, 599, 'an error status from 400 to 599')!
    const retryAfter = number('retry-after', 0, 86_400, 'a whole number of seconds up to 86400')
    const detail = `Prefer: code=${status} asked for it`
    return { delayMs, fault: { kind: 'status', status, retryAfter, detail } }
  }
  if (kind === 'body')
    return { delayMs, fault: { kind, body: { id: 'not-a-number', content: 42 } } }
  return kind === undefined ? { delayMs } : { delayMs, fault: { kind } }
}

/**
 * Decides which requests misbehave: rules added with {@link FaultPlan.add}, a request's own
 * `Prefer` header, then the random failure rate; every answer waits `latencyMs` first.
 */
export class FaultPlan {
  readonly #options: Required<Omit<FaultOptions, 'seed'>>
  readonly #random: () => number
  #rules: Rule[] = []

  constructor({ latencyMs = 0, failureRate = 0, seed = 1, prefer = true }: FaultOptions = {}) {
    this.#options = { latencyMs, failureRate, prefer }
    this.#random = seededRandom(seed)
  }

  add(fault: Fault, options: FaultRuleOptions = {}): void {
    const { route, times = Number.POSITIVE_INFINITY, rate = 1 } = options
    if (!(times > 0)) throw new RangeError(`times must be at least 1, got ${times}`)
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`rate must be from 0 to 1, got ${rate}`)
    const problem = faultProblem(fault)
    if (problem !== undefined) throw new RangeError(`A ${fault.kind} fault's ${problem}`)
    this.#rules.push({ fault, matches: routeMatcher(route), times, rate })
  }

  /** What to do with a request to `path` (relative to the API's base). */
  decide(method: string, path: string, prefer?: string | null): { delayMs: number; fault?: Fault } {
    const { latencyMs, failureRate, prefer: honoursPrefer } = this.#options
    for (const rule of this.#rules) {
      if (!rule.matches(method, path)) continue
      if (rule.rate < 1 && this.#random() >= rule.rate) continue
      if (--rule.times <= 0) this.#rules = this.#rules.filter((other) => other !== rule)
      return { delayMs: latencyMs, fault: rule.fault }
    }
    const asked = honoursPrefer && prefer ? preferredFault(prefer) : { delayMs: 0 }
    const delayMs = latencyMs + asked.delayMs
    if (asked.fault !== undefined) return { delayMs, fault: asked.fault }
    if (!(failureRate > 0 && this.#random() < failureRate)) return { delayMs }
    const detail = 'The server failed this request on purpose (its failure rate is set); try again'
    return { delayMs, fault: { kind: 'status', status: 503, detail } }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = ms < Number.POSITIVE_INFINITY ? setTimeout(resolve, ms) : undefined
    signal.addEventListener('abort', () => resolve(clearTimeout(timer)), { once: true })
  })
}

/**
 * Applies the plan's decision before any route runs, but not to a CORS preflight, whose failure
 * would hide the fault. A cut connection is `Response.error()`, which `listen` turns into one.
 */
export function faultInjection(faults: FaultOptions | FaultPlan): MiddlewareHandler {
  const plan = faults instanceof FaultPlan ? faults : new FaultPlan(faults)
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const { delayMs, fault } = plan.decide(c.req.method, c.req.path, c.req.header('prefer'))
    const { signal } = c.req.raw
    let wait = delayMs + (fault?.kind === 'latency' ? fault.ms : 0)
    if (fault?.kind === 'hang') wait = Number.POSITIVE_INFINITY
    if (wait > 0 && !signal.aborted) await sleep(wait, signal)
    // A client that gave up while it waited (or hung) must not reach the store.
    if (signal.aborted || fault?.kind === 'drop') return Response.error()
    switch (fault?.kind) {
      case 'status': {
        const { status, retryAfter } = fault
        const detail = fault.detail ?? `The server failed this request on purpose (${status})`
        const headers = retryAfter === undefined ? undefined : { 'retry-after': `${retryAfter}` }
        return problem({ status, detail, headers })
      }
      case 'body':
        return Response.json(fault.body, { status: fault.status ?? 200 })
      default:
        return next()
    }
  }
}
