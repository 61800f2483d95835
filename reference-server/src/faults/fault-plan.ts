import { type Endpoint, endpoints, type OperationName } from '@todokit/sdk/contract'
import { preferredFault } from './prefer.ts'

/**
 * One way for a request to go wrong. Every fault happens before the store is read or written,
 * so an injected failure never changes data.
 *
 * - `status`: an error answer: `status` (400–599) with a problem+json body, and `Retry-After`
 *   when `retryAfter` (seconds) is given;
 * - `latency`: the answer comes `ms` milliseconds late (and is otherwise normal);
 * - `hang`: no answer at all, until the client aborts the request (or gives up on it);
 * - `drop`: the connection is cut without an answer (the client sees a network error);
 * - `body`: a 200 (or `status`) whose JSON body breaks the contract.
 *
 * @example
 * const outage: Fault = { kind: 'status', status: 503, retryAfter: 0 }
 * const slow: Fault = { kind: 'latency', ms: 200 }
 * const broken: Fault = { kind: 'body', body: { id: 'seven' } }
 */
export type Fault =
  | { kind: 'status'; status: number; detail?: string | undefined; retryAfter?: number | undefined }
  | { kind: 'latency'; ms: number }
  | { kind: 'hang' }
  | { kind: 'drop' }
  | { kind: 'body'; body: unknown; status?: number | undefined }

/** The methods a fault's route may name: the API's, and HEAD (which a GET route covers too). */
type FaultMethod = Endpoint['method'] | 'HEAD'

/**
 * Which requests a fault applies to: an operation of the contract (`'list'`, `'get'`,
 * `'create'`, `'replace'`, `'update'`, `'delete'`) or `'METHOD /path'`, where the path is
 * relative to the API's base and `{id}` stands for any id (`'PATCH /todos/{id}'`,
 * `'GET /todos/7'`).
 */
export type FaultRoute = NonNullable<FaultRuleOptions['route']>

/**
 * When a fault applies.
 *
 * @example
 * // The first two reads of todo 7 fail, the third answers.
 * const options: FaultRuleOptions = { route: 'GET /todos/7', times: 2 }
 */
export interface FaultRuleOptions {
  /**
   * The requests it applies to: an operation or `'METHOD /path'` (see {@link FaultRoute}).
   * Written out rather than named, so that a type error lists the names it takes.
   * @default every request to the API
   */
  route?: OperationName | `${FaultMethod} /${string}` | undefined
  /**
   * How many requests get it; after them the route answers normally again.
   * @default Infinity
   */
  times?: number | undefined
  /**
   * The chance (0 to 1) that a matching request gets it, drawn from the seeded generator, so
   * the same seed fails the same requests on every run.
   * @default 1
   */
  rate?: number | undefined
}

/**
 * Faults every API request may get, as the CLI's flags set them.
 *
 * @example
 * // A slow, flaky server that fails the same requests on every run.
 * createApp({ faults: { latencyMs: 50, failureRate: 0.2, seed: 7 } })
 */
export interface FaultOptions {
  /**
   * Milliseconds added before every answer.
   * @default 0
   */
  latencyMs?: number | undefined
  /**
   * The chance (0 to 1) that a request is answered 503 instead.
   * @default 0
   */
  failureRate?: number | undefined
  /**
   * Seed of the generator behind `failureRate` and each rule's `rate`.
   * @default 1
   */
  seed?: number | undefined
  /**
   * Whether a request may ask for its own fault with a `Prefer` header (`Prefer: code=503`,
   * Prism's convention, and the extensions `delay=MS`, `hang`, `drop`, `body=invalid`,
   * `retry-after=S`).
   * @default true
   */
  prefer?: boolean | undefined
}

/** What to do with one request: wait `latencyMs`, then apply `fault` (or answer normally). */
export type FaultDecision =
  | { latencyMs: number; fault?: Fault }
  /** The request's `Prefer` header asked for a fault in a way that cannot be honoured. */
  | { invalid: string }

interface Rule {
  fault: Fault
  matches: (method: string, path: string) => boolean
  remaining: number
  rate: number
}

/** mulberry32: a small, well-distributed generator, so a seed replays the same faults. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** `'/todos/{id}'` → a pattern that matches any id segment, the rest literally. */
function pathPattern(template: string): RegExp {
  const [before = '', after = ''] = template.split('{id}', 2)
  const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  return template.includes('{id}')
    ? new RegExp(`^${literal(before)}[^/]+${literal(after)}$`)
    : new RegExp(`^${literal(template)}$`)
}

const isOperationName = (route: string): route is OperationName => Object.hasOwn(endpoints, route)

/** The API's paths, relative to its base: a route's path must be one of them to ever match. */
const API_PATHS = [...new Set(Object.values(endpoints).map((endpoint) => endpoint.path))]
const API_METHODS = new Set([...Object.values(endpoints).map(({ method }) => method), 'HEAD'])

function routeMatcher(route: FaultRoute | undefined): Rule['matches'] {
  if (route === undefined) return () => true
  const endpoint = isOperationName(route) ? endpoints[route] : undefined
  const [method = '', path = ''] = endpoint ? [endpoint.method, endpoint.path] : route.split(' ', 2)
  const wanted = method.toUpperCase()
  if (!API_METHODS.has(wanted) || !path.startsWith('/')) {
    throw new RangeError(
      `Unknown route "${route}": use an operation (${Object.keys(endpoints).join(', ')}) or "METHOD /path"`,
    )
  }
  // A rule that could never apply would let a test of the failure pass for the wrong reason.
  if (!API_PATHS.some((template) => pathPattern(template).test(path))) {
    throw new RangeError(
      `Route "${route}" matches no path of the API (${API_PATHS.join(', ')}); give the path relative to the base URL, without a query`,
    )
  }
  const pattern = pathPattern(path)
  // HEAD is a GET without its body: a fault on a GET route covers it too.
  return (requestMethod, requestPath) =>
    (requestMethod === wanted || (wanted === 'GET' && requestMethod === 'HEAD')) &&
    pattern.test(requestPath)
}

/** Why `fault` cannot be honoured, or `undefined` when it can. */
function faultProblem(fault: Fault): string | undefined {
  const isStatus = (value: number | undefined, low: number) =>
    value === undefined || (Number.isInteger(value) && value >= low && value <= 599)
  const isCount = (value: number | undefined) =>
    value === undefined || (Number.isFinite(value) && value >= 0)
  switch (fault.kind) {
    case 'status':
      if (!isStatus(fault.status, 400))
        return `status must be an error status from 400 to 599, got ${fault.status}`
      if (!isCount(fault.retryAfter))
        return `retryAfter must be 0 or more seconds, got ${fault.retryAfter}`
      return undefined
    case 'latency':
      return isCount(fault.ms) ? undefined : `ms must be 0 or more, got ${fault.ms}`
    case 'body':
      return isStatus(fault.status, 200)
        ? undefined
        : `status must be from 200 to 599, got ${fault.status}`
    default:
      return undefined
  }
}

/** The 503 a request gets from {@link FaultOptions.failureRate}. */
const RANDOM_FAILURE: Fault = {
  kind: 'status',
  status: 503,
  detail: 'The server failed this request on purpose (its failure rate is set); try again',
}

/**
 * Decides which requests misbehave: rules added with {@link FaultPlan.add}, a request's own
 * `Prefer` header, then the random failure rate; every answer waits `latencyMs` first.
 *
 * @example
 * const plan = new FaultPlan({ seed: 42 })
 * plan.add({ kind: 'status', status: 503 }, { route: 'list', times: 2 })
 * plan.decide('GET', '/todos') // → { latencyMs: 0, fault: { kind: 'status', status: 503 } }
 * plan.decide('GET', '/todos') // → the same
 * plan.decide('GET', '/todos') // → { latencyMs: 0 }: answered normally
 */
export class FaultPlan {
  readonly #options: Required<FaultOptions>
  #rules: Rule[] = []
  #random: () => number

  constructor(options: FaultOptions = {}) {
    const { latencyMs = 0, failureRate = 0, seed = 1, prefer = true } = options
    this.#options = { latencyMs, failureRate, seed, prefer }
    this.#random = seededRandom(seed)
  }

  /** Applies `fault` to the requests `options` selects, after the rules added before it. */
  add(fault: Fault, options: FaultRuleOptions = {}): void {
    const { route, times = Number.POSITIVE_INFINITY, rate = 1 } = options
    if (!(times > 0)) throw new RangeError(`times must be at least 1, got ${times}`)
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`rate must be from 0 to 1, got ${rate}`)
    const problem = faultProblem(fault)
    if (problem !== undefined) throw new RangeError(`A ${fault.kind} fault's ${problem}`)
    this.#rules.push({ fault, matches: routeMatcher(route), remaining: times, rate })
  }

  /** Forgets every rule and starts the generator again from the seed. */
  clear(): void {
    this.#rules = []
    this.#random = seededRandom(this.#options.seed)
  }

  /**
   * What to do with a request to `path` (relative to the API's base), counting it against the
   * rule that applies. `prefer` is the request's `Prefer` header.
   */
  decide(method: string, path: string, prefer?: string | null): FaultDecision {
    const { latencyMs, failureRate } = this.#options
    for (const rule of this.#rules) {
      if (!rule.matches(method, path)) continue
      if (rule.rate < 1 && this.#random() >= rule.rate) continue
      rule.remaining -= 1
      if (rule.remaining <= 0) this.#rules = this.#rules.filter((other) => other !== rule)
      return { latencyMs, fault: rule.fault }
    }
    let waited = latencyMs
    if (this.#options.prefer && prefer) {
      const asked = preferredFault(prefer)
      if (typeof asked === 'string') return { invalid: asked }
      waited += asked.delayMs
      if (asked.fault !== undefined) return { latencyMs: waited, fault: asked.fault }
    }
    if (failureRate > 0 && this.#random() < failureRate) {
      return { latencyMs: waited, fault: RANDOM_FAILURE }
    }
    return { latencyMs: waited }
  }
}
