import { type Budget, DEFAULT_BUDGET, parseBudget } from './budget.ts'
import { InvalidOptionsError } from './errors.ts'
import type { FetchLike } from './http/client.ts'
import { CAPABILITIES, type Capability } from './levels.ts'
import type { CheckResult } from './report.ts'

/** Options of {@link runConformance}. */
export interface ConformanceOptions {
  /** Where the implementation serves `/todos`, e.g. `http://localhost:3000` or `https://host/api`. */
  baseUrl: string
  /**
   * What sends requests: global `fetch` by default, or an in-process app's handler.
   * @example (request) => app.fetch(request)
   */
  fetch?: FetchLike
  /** Headers sent with every request, e.g. `{ authorization: 'Bearer …' }`. */
  headers?: Record<string, string>
  /**
   * The capabilities the implementation claims. Unclaimed capability checks still run and are
   * reported as informational.
   * @default 'none'
   */
  capabilities?: readonly Capability[] | 'all' | 'none'
  /** Count recommended checks toward the verdict. @default false */
  strict?: boolean
  /** Judge only rules whose id matches one of these globs (`patch.*`). @default all */
  only?: readonly string[]
  /** Leave out rules whose id matches one of these globs. @default none */
  skip?: readonly string[]
  /** Per-request timeout in milliseconds. @default 5000 */
  timeout?: number
  /** Stop after the first counted failure (the run still cleans up). @default false */
  bail?: boolean
  /** Creates sent at once by the scenario that looks for ids handed out twice. @default 8 */
  concurrency?: number
  /** Aborts the run: in-flight requests stop, created records are still removed. */
  signal?: AbortSignal
  /** Called for each rule's result once the run has ended, for progress output. */
  onResult?: (result: CheckResult, progress: { done: number; total: number }) => void
  /** Called as each part of the run begins (a scenario, the random sequences), for progress output. */
  onProgress?: (part: string) => void
  /**
   * Seed of the exploration's random sequences: the report gives it, and the same seed (with
   * the same budget) replays them. @default random
   */
  seed?: number
  /**
   * What the exploration may spend: `{ requests: 800 }`, `{ ms: 5000 }`, or the CLI's text
   * (`'800'`, `'5s'`). @default { requests: 800 }
   */
  budget?: Budget | string
  /**
   * For servers whose data may not change: send only GET, HEAD and OPTIONS, and judge what reads
   * show of the records already there. Rules that need a write are reported as not judged, so
   * the verdict is PARTIAL unless `only`/`skip` leave them out. @default false
   */
  readOnly?: boolean
}

/**
 * Options with defaults applied and values validated: those of {@link ConformanceOptions} that
 * a session uses, each present, with capabilities and budget read into one form.
 */
export type ResolvedOptions = Required<
  Omit<ConformanceOptions, 'capabilities' | 'budget' | 'signal' | 'onResult' | 'onProgress'>
> &
  Pick<ConformanceOptions, 'signal' | 'onResult' | 'onProgress'> & {
    capabilities: Capability[]
    budget: Budget
  }

/** Default per-request timeout, in milliseconds. */
export const DEFAULT_TIMEOUT = 5_000
/** Default number of creates sent at once. */
export const DEFAULT_CONCURRENCY = 8

/** Reads `all`, `none` or a list of capability names. */
export function parseCapabilities(
  value: ConformanceOptions['capabilities'] | string,
): Capability[] {
  if (value === undefined || value === 'none') return []
  if (value === 'all') return [...CAPABILITIES]
  const names =
    typeof value === 'string'
      ? value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
      : value
  for (const name of names) {
    if (!(CAPABILITIES as readonly string[]).includes(name)) {
      throw new InvalidOptionsError(
        `Unknown capability "${name}": use ${CAPABILITIES.join(', ')}, all or none`,
      )
    }
  }
  return [...new Set(names as Capability[])]
}

/** Checks the base URL and removes its trailing slash. */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new InvalidOptionsError(
      `Invalid base URL "${baseUrl}": expected e.g. http://localhost:3000`,
    )
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidOptionsError(`Invalid base URL "${baseUrl}": use http or https`)
  }
  if (url.search || url.hash) {
    throw new InvalidOptionsError(
      `Invalid base URL "${baseUrl}": it must not have a query or fragment`,
    )
  }
  return url.href.replace(/\/+$/, '')
}

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) {
    throw new InvalidOptionsError(`${name} must be a positive integer, got ${value}`)
  }
  return value
}

/** Applies defaults and validates; throws {@link InvalidOptionsError}. */
export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  return {
    baseUrl: normalizeBaseUrl(options.baseUrl),
    fetch: options.fetch ?? ((request) => fetch(request)),
    headers: { ...options.headers },
    capabilities: parseCapabilities(options.capabilities),
    strict: options.strict ?? false,
    only: options.only ?? [],
    skip: options.skip ?? [],
    timeout: positive('timeout', options.timeout ?? DEFAULT_TIMEOUT),
    bail: options.bail ?? false,
    concurrency: positive('concurrency', options.concurrency ?? DEFAULT_CONCURRENCY),
    signal: options.signal,
    onResult: options.onResult,
    onProgress: options.onProgress,
    readOnly: options.readOnly ?? false,
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    budget:
      typeof options.budget === 'string'
        ? parseBudget(options.budget)
        : (options.budget ?? DEFAULT_BUDGET),
  }
}
