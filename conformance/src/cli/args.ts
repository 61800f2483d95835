import { type ParseArgsOptionDescriptor, parseArgs } from 'node:util'
import { DEFAULT_BUDGET, describeBudget, parseBudget } from '../budget.ts'
import { InvalidOptionsError } from '../errors.ts'
import {
  type ConformanceOptions,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT,
  normalizeBaseUrl,
  parseCapabilities,
} from '../options.ts'
import { REPORTERS, type ReporterName } from '../reporters/index.ts'

function parseHeader(line: string): [string, string] {
  const colon = line.indexOf(':')
  const name = line.slice(0, colon).trim()
  if (colon < 1 || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name)) {
    throw new InvalidOptionsError(`Invalid --header "${line}": expected 'Name: value'`)
  }
  return [name.toLowerCase(), line.slice(colon + 1).trim()]
}

function parseNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^[1-9][0-9]*$/.test(value)) {
    throw new InvalidOptionsError(`${flag} expects a positive integer, got "${value}"`)
  }
  return Number(value)
}

const globs = (values: string[] | undefined) =>
  (values ?? [])
    .flatMap((value) => value.split(','))
    .map((glob) => glob.trim())
    .filter(Boolean)

function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^-?[0-9]{1,10}$/.test(value) || Math.abs(Number(value)) >= 2 ** 31) {
    throw new InvalidOptionsError(`--seed expects an integer (a 32-bit seed), got "${value}"`)
  }
  return Number(value)
}

function parseReporter(value: string): ReporterName {
  const reporter = REPORTERS.find((name) => name === value)
  if (reporter === undefined) {
    throw new InvalidOptionsError(`Unknown --reporter "${value}": use ${REPORTERS.join(', ')}`)
  }
  return reporter
}

/** One flag: how `parseArgs` reads it, what its raw value becomes, and its lines in `--help`. */
interface Flag<Raw, Value> {
  /** The flag without `--`, where it differs from the option it sets (`--header` → `headers`). */
  name?: string
  descriptor: ParseArgsOptionDescriptor
  read(raw: Raw | undefined): Value
  /** `--help`: the flag as typed, then what it does (lines after the first are indented). */
  usage: string
  description: string
}

type Help = Pick<Flag<unknown, unknown>, 'usage' | 'description' | 'name'>

const text = <Value>(read: (raw: string | undefined) => Value, help: Help) =>
  ({ descriptor: { type: 'string' }, read, ...help }) satisfies Flag<string, Value>
const repeated = <Value>(read: (raw: string[] | undefined) => Value, help: Help) =>
  ({ descriptor: { type: 'string', multiple: true }, read, ...help }) satisfies Flag<
    string[],
    Value
  >
const toggle = (help: Help & { short?: string }) =>
  ({
    descriptor: { type: 'boolean', ...(help.short ? { short: help.short } : {}) },
    read: (raw: boolean | undefined) => raw ?? false,
    ...help,
  }) satisfies Flag<boolean, boolean>

/** The flags the CLI acts on itself; every other flag is an option of `runConformance`. */
type CliOnlyFlag = 'reporter' | 'output' | 'list' | 'help'

/**
 * The rows {@link FLAGS} may have: a CLI-only flag, or a `ConformanceOptions` field whose value
 * the row reads. The run options are spread into `runConformance`, where a key it does not know
 * would be dropped without a word; checked here, such a row does not compile.
 */
type FlagTable = { [K in CliOnlyFlag]: unknown } & {
  [K in keyof ConformanceOptions]?: { read(raw: never): ConformanceOptions[K] }
}

/**
 * Every flag of `todokit-conformance`, keyed by the option it sets: the parser, the help text and
 * the {@link CliOptions} type are all read from this table, and the run options go to
 * `runConformance` as they are, so a new option is one row here (and its `ConformanceOptions`
 * field, without which the row does not compile).
 */
const FLAGS = {
  reporter: text((raw) => parseReporter(raw ?? 'pretty'), {
    usage: '--reporter NAME',
    description: `pretty | json | junit | markdown | github (default pretty);
github: an ::error annotation per broken rule, and a Markdown
summary appended to $GITHUB_STEP_SUMMARY when it is set`,
  }),
  output: text((raw) => raw, {
    usage: '--output FILE',
    description: 'write the report to FILE (pretty summary still on stdout)',
  }),
  capabilities: text(parseCapabilities, {
    usage: '--capabilities LIST',
    description: `what the server claims: filter, search, sort (the contract's
query conventions), sort-extended (-field and several keys) and
paging (todokit's extensions) | all | none (default none);
unclaimed capabilities are still tried, and shown a line each`,
  }),
  strict: toggle({
    usage: '--strict',
    description: 'recommended rules count toward the verdict',
  }),
  headers: repeated((raw = []) => Object.fromEntries(raw.map(parseHeader)), {
    name: 'header',
    usage: "--header 'Name: value'",
    description: 'send a header with every request (repeatable), e.g. for auth',
  }),
  only: repeated(globs, {
    usage: '--only GLOBS',
    description: "judge only rules whose id matches (comma-separated, repeatable), e.g. 'patch.*'",
  }),
  skip: repeated(globs, { usage: '--skip GLOBS', description: 'leave out rules whose id matches' }),
  timeout: text((raw) => parseNumber('--timeout', raw), {
    usage: '--timeout MS',
    description: `per-request timeout                      (default ${DEFAULT_TIMEOUT})`,
  }),
  concurrency: text((raw) => parseNumber('--concurrency', raw), {
    usage: '--concurrency N',
    description: `creates sent at once to look for ids handed out twice (default ${DEFAULT_CONCURRENCY})`,
  }),
  bail: toggle({ usage: '--bail', description: 'stop after the first counted failure' }),
  budget: text((raw) => (raw === undefined ? undefined : parseBudget(raw)), {
    usage: '--budget N | Ns',
    description: `what the exploration may spend: N requests or N seconds
(default ${describeBudget(DEFAULT_BUDGET)})`,
  }),
  seed: text(parseSeed, {
    usage: '--seed N',
    description: `seed of the exploration's random sequences (the report gives it;
the same seed and budget replay a run)`,
  }),
  readOnly: toggle({
    name: 'read-only',
    usage: '--read-only',
    description: `send only GET, HEAD and OPTIONS, for a server whose data may not
change: judges the records already there; rules that need a write
are named as not judged, and exit 1 unless --only leaves them out`,
  }),
  list: toggle({ usage: '--list', description: 'print the rules and exit' }),
  help: toggle({ usage: '--help', description: 'show this help', short: 'h' }),
} satisfies FlagTable

type Flags = typeof FLAGS

/** Each flag's value, by the option it sets. */
type FlagValues = { [K in keyof Flags]: ReturnType<Flags[K]['read']> }

/**
 * What the command line asks for: each flag's value, by the option it sets, and the base URL,
 * which only `--help` and `--list` may go without.
 */
export type CliOptions = Omit<FlagValues, 'help' | 'list'> &
  (
    | { help: true; list: boolean; baseUrl: string | undefined }
    | { help: false; list: true; baseUrl: string | undefined }
    | { help: false; list: false; baseUrl: string }
  )

const OPTIONS_HELP = Object.values(FLAGS)
  .map(
    ({ usage, description }) =>
      `  ${usage.padEnd(22)} ${description.replaceAll('\n', `\n${' '.repeat(25)}`)}`,
  )
  .join('\n')

/** Usage text of `todokit-conformance`. */
export const USAGE = `Usage: todokit-conformance <base-url> [options]

Checks that the server at <base-url> honours the todos REST contract: scripted scenarios, then
random sequences of operations, every exchange judged by every rule against one model of the
contract. It only touches records it creates (their content starts with "tk<run id>"), and
removes them all; a record it may have caused but cannot prove its own is named, never deleted.
With --read-only it sends only GET, HEAD and OPTIONS and judges the records already there.

Options:
${OPTIONS_HELP}

Exit codes: 0 every counted rule was judged and held (PARTIAL when --only/--skip left counted
rules out), 1 a counted rule was broken or could not be judged on this server (with --read-only,
every required rule that needs a write, unless --only/--skip leave them out), 2 usage error or
server unreachable (also when it stops answering mid-run), 130 interrupted (records are still
removed).`

/**
 * Parses `todokit-conformance` arguments; throws {@link InvalidOptionsError} for any mistake.
 *
 * @example
 * parseCliArgs(['http://localhost:3000', '--capabilities', 'all', '--strict'])
 */
export function parseCliArgs(args: readonly string[]): CliOptions {
  const entries = Object.entries(FLAGS).map(([option, flag]) => ({
    option,
    flag: flag.name ?? option,
    flagOf: flag,
  }))
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: Object.fromEntries(entries.map(({ flag, flagOf }) => [flag, flagOf.descriptor])),
    })
  } catch (error) {
    throw new InvalidOptionsError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) {
    throw new InvalidOptionsError(`Expected one base URL, got: ${positionals.join(' ')}`)
  }
  // The table pairs each flag's descriptor with the reader of what that descriptor yields, so
  // the raw value fits the reader; TypeScript cannot follow that pairing through the loop.
  const read = Object.fromEntries(
    entries.map(({ option, flag, flagOf }) => [
      option,
      (flagOf.read as (raw: unknown) => unknown)(values[flag]),
    ]),
  ) as FlagValues
  const positional = positionals[0]
  const baseUrl = positional === undefined ? undefined : normalizeBaseUrl(positional)
  if (read.help) return { ...read, help: true, baseUrl }
  if (read.list) return { ...read, help: false, list: true, baseUrl }
  if (baseUrl === undefined) throw new InvalidOptionsError('Missing <base-url>')
  return { ...read, help: false, list: false, baseUrl }
}
