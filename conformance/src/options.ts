import * as z from 'zod/mini'
import { InvalidOptionsError } from './errors.ts'
import type { Budget } from './explore.ts'
import type { FetchLike } from './http/client.ts'
import { CAPABILITIES, type Capability } from './levels.ts'
import type { CheckResult } from './report.ts'
import { REPORTERS } from './reporters/index.ts'

export const describeBudget = (budget: Budget): string =>
  'requests' in budget ? `${budget.requests} requests` : `${budget.ms / 1000} s`

/** A `T`, or the CLI's text for one, read as what it spells; text spelling nothing is refused. */
const fromText = <T>(read: (text: string) => unknown) =>
  z.transform((value: T) => (typeof value === 'string' ? (read(value) ?? value) : value))
const list = (text: string) => text.match(/[^,\s]+/g) ?? []
const integer = fromText<number>((text) => (/^-?\d+$/.test(text) ? Number(text) : undefined))
const positive = z.pipe(integer, z.int().check(z.positive()))
const globs = z._default(
  z.readonly(z.array(z.string())).check(z.overwrite((all) => all.flatMap(list))),
  [],
)
const flag = z._default(z.boolean(), false)
const fn = <F>() => z.custom<F>((value) => typeof value === 'function')

/** `Name: value`; a line without a colon has no value, which the schema refuses. */
function headerLine(line: string): [string, string | undefined] {
  const [name = '', value] = line.split(/:(.*)/, 2)
  return [name.trim().toLowerCase(), value?.trim()]
}

/**
 * The options of {@link runConformance} with their defaults; the CLI's flags give the same as text.
 * Apart from OPTIONS, which is typed by it, so that the emitted .d.ts keeps each option's doc.
 */
const FIELDS = {
  /** Where the server serves `/todos`, e.g. `http://localhost:3000` or `https://host/api`. */
  baseUrl: z.pipe(
    z.url({ protocol: /^https?$/, normalize: true }).check(z.refine((url) => !/[?#]/.test(url))),
    z.transform((url) => url.replace(/\/+$/, '')),
  ),
  /** What sends requests: global `fetch`, or an app's handler. @example (request) => app.fetch(request) */
  fetch: z._default(fn<FetchLike>(), () => fetch),
  /** Headers sent with every request, e.g. `{ authorization: 'Bearer …' }`. */
  headers: z._default(
    z.pipe(
      z.transform((value: Record<string, string>) =>
        Array.isArray(value) ? Object.fromEntries(value.map(String).map(headerLine)) : value,
      ),
      z.record(z.string().check(z.regex(/^[!#$%&'*+.^_`|~\w-]+$/)), z.string()),
    ),
    {},
  ),
  /** The capabilities the server claims; unclaimed ones are still tried, as information. @default 'none' */
  capabilities: z._default(
    z.pipe(
      fromText<readonly Capability[] | 'all' | 'none'>((text) =>
        text === 'all' ? CAPABILITIES : text === 'none' ? [] : list(text),
      ),
      z.array(z.enum(CAPABILITIES)).check(z.overwrite((names) => [...new Set(names)])),
    ),
    [],
  ),
  /** Count recommended rules toward the verdict. @default false */
  strict: flag,
  /** Judge only rules whose id matches one of these globs (`patch.*`). @default all */
  only: globs,
  /** Leave out rules whose id matches one of these globs. @default none */
  skip: globs,
  /** Per-request timeout in milliseconds. @default 5000 */
  timeout: z._default(positive, 5_000),
  /** Stop after the first counted failure (the run still cleans up). @default false */
  bail: flag,
  /** Creates sent at once to look for ids handed out twice. @default 8 */
  concurrency: z._default(positive, 8),
  /** Aborts the run: requests stop, created records are still removed. */
  signal: z.optional(z.custom<AbortSignal>((value) => value instanceof AbortSignal)),
  /** Called for each rule's result once the run has ended. */
  onResult: z.optional(
    fn<(result: CheckResult, progress: { done: number; total: number }) => void>(),
  ),
  /** Called as each part of the run (a scenario, the random sequences) begins. */
  onProgress: z.optional(fn<(part: string) => void>()),
  /** Seed of the exploration: the same seed and budget replay it. @default random */
  seed: z._default(
    z.pipe(integer, z.int().check(z.refine((seed) => Math.abs(seed) < 2 ** 31))),
    () => Math.floor(Math.random() * 2 ** 31),
  ),
  /** What the exploration may spend: `{ requests: 800 }`, `{ ms: 5000 }`, `'800'` or `'5s'`. @default { requests: 800 } */
  budget: z._default(
    z.pipe(
      fromText<Budget | string>((text) => {
        if (/^\d+$/.test(text)) return { requests: Number(text) }
        if (/^\d+(\.\d+)?s$/.test(text)) return { ms: Math.round(Number.parseFloat(text) * 1000) }
      }),
      z.union([z.object({ requests: positive }), z.object({ ms: positive })]),
    ),
    // Enough to meet most defects; a whole run against the reference server stays well under 10 s.
    { requests: 800 },
  ),
}

export const OPTIONS: z.ZodMiniObject<typeof FIELDS> = z.object(FIELDS)

/** Options of {@link runConformance}; the CLI's flags set the same names. */
export interface ConformanceOptions extends z.input<typeof OPTIONS> {}

/** Options with defaults applied and values validated, each in one form. */
export type ResolvedOptions = z.output<typeof OPTIONS>

const got = ({ input }: { input?: unknown }) => JSON.stringify(input)
const expects = (what: string) => (issue: z.core.$ZodRawIssue) => `${what}, got ${got(issue)}`

const MISTAKES: Record<string, (issue: z.core.$ZodRawIssue) => string> = {
  baseUrl: (issue) =>
    `Invalid base URL ${got(issue)}: expected an http or https URL without a query or fragment, e.g. http://localhost:3000`,
  capabilities: (issue) =>
    `Unknown capability ${got(issue)}: use ${CAPABILITIES.join(', ')}, all or none`,
  headers: ({ path }) => `Invalid --header ${JSON.stringify(path?.[1])}: expected 'Name: value'`,
  reporter: (issue) => `Unknown --reporter ${got(issue)}: use ${REPORTERS.join(', ')}`,
  timeout: expects('--timeout expects a positive integer'),
  concurrency: expects('--concurrency expects a positive integer'),
  seed: expects('--seed expects an integer (a 32-bit seed)'),
  budget: expects('--budget expects a number of requests (800) or seconds (5s)'),
}

/** Reads options with `schema`; throws {@link InvalidOptionsError} naming the first mistake. */
export function readOptions<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input, {
    error: (issue) =>
      MISTAKES[String(issue.path?.[0])]?.(issue) ??
      `Invalid option ${issue.path?.join('.')}: got ${got(issue)}`,
  })
  if (result.success) return result.data
  throw new InvalidOptionsError(result.error.issues[0]!.message)
}

export const resolveOptions = (options: ConformanceOptions): ResolvedOptions =>
  readOptions(OPTIONS, options)
