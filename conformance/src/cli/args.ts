import { parseArgs } from 'node:util'
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

/** Every flag of `todokit-conformance`, as `parseArgs` reads it. */
const FLAGS = {
  reporter: { type: 'string', default: 'pretty' },
  output: { type: 'string' },
  capabilities: { type: 'string' },
  strict: { type: 'boolean', default: false },
  header: { type: 'string', multiple: true },
  only: { type: 'string', multiple: true },
  skip: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  concurrency: { type: 'string' },
  bail: { type: 'boolean', default: false },
  budget: { type: 'string' },
  seed: { type: 'string' },
  'read-only': { type: 'boolean', default: false },
  list: { type: 'boolean', default: false },
  version: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const

/** Usage text of `todokit-conformance`. */
export const USAGE = `Usage: todokit-conformance <base-url> [options]

Checks that the server at <base-url> honours the todos REST contract: scripted scenarios, then
random sequences of operations, every exchange judged by every rule against one model of the
contract. It only touches records it creates (their content starts with "tk<run id>"), and
removes them all; a record it may have caused but cannot prove its own is named, never deleted.
With --read-only it sends only GET, HEAD and OPTIONS and judges the records already there.

Options:
  --reporter NAME        pretty | json | junit | markdown | github (default pretty);
                         github: an ::error annotation per broken rule, and a Markdown
                         summary appended to $GITHUB_STEP_SUMMARY when it is set
  --output FILE          write the report to FILE (pretty summary still on stdout)
  --capabilities LIST    what the server claims: filter, search, sort (the contract's
                         query conventions), sort-extended (-field and several keys) and
                         paging (todokit's extensions) | all | none (default none);
                         unclaimed capabilities are still tried, and shown a line each
  --strict               recommended rules count toward the verdict
  --header 'Name: value' send a header with every request (repeatable), e.g. for auth
  --only GLOBS           judge only rules whose id matches (comma-separated, repeatable), e.g. 'patch.*'
  --skip GLOBS           leave out rules whose id matches
  --timeout MS           per-request timeout                      (default ${DEFAULT_TIMEOUT})
  --concurrency N        creates sent at once to look for ids handed out twice (default ${DEFAULT_CONCURRENCY})
  --bail                 stop after the first counted failure
  --budget N | Ns        what the exploration may spend: N requests or N seconds
                         (default ${describeBudget(DEFAULT_BUDGET)})
  --seed N               seed of the exploration's random sequences (the report gives it;
                         the same seed and budget replay a run)
  --read-only            send only GET, HEAD and OPTIONS, for a server whose data may not
                         change: judges the records already there; rules that need a write
                         are named as not judged, and exit 1 unless --only leaves them out
  --list                 print the rules and exit
  --version              print the kit's version and exit
  --help                 show this help

Exit codes: 0 every counted rule was judged and held (PARTIAL when --only/--skip left counted
rules out), 1 a counted rule was broken or could not be judged on this server (with --read-only,
every required rule that needs a write, unless --only/--skip leave them out), 2 usage error or
server unreachable (also when it stops answering mid-run), 130 interrupted (records are still
removed).`

function parseHeader(line: string): [string, string] {
  const colon = line.indexOf(':')
  const name = line.slice(0, colon).trim()
  if (colon < 1 || !/^[!#$%&'*+.^_`|~\w-]+$/.test(name))
    throw new InvalidOptionsError(`Invalid --header "${line}": expected 'Name: value'`)
  return [name.toLowerCase(), line.slice(colon + 1).trim()]
}

function parseNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^[1-9][0-9]*$/.test(value))
    throw new InvalidOptionsError(`${flag} expects a positive integer, got "${value}"`)
  return Number(value)
}

function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^-?[0-9]{1,10}$/.test(value) || Math.abs(Number(value)) >= 2 ** 31)
    throw new InvalidOptionsError(`--seed expects an integer (a 32-bit seed), got "${value}"`)
  return Number(value)
}

function parseReporter(value: string): ReporterName {
  const reporter = REPORTERS.find((name) => name === value)
  if (reporter === undefined)
    throw new InvalidOptionsError(`Unknown --reporter "${value}": use ${REPORTERS.join(', ')}`)
  return reporter
}

const globs = (values: string[]) =>
  values.flatMap((value) => value.split(',').map((glob) => glob.trim())).filter(Boolean)

/** The options of `runConformance` that flags set. */
type RunFlags = Required<
  Pick<ConformanceOptions, 'headers' | 'only' | 'skip' | 'strict' | 'bail' | 'readOnly'>
> &
  Pick<ConformanceOptions, 'timeout' | 'concurrency' | 'seed' | 'budget'> & {
    capabilities: NonNullable<ConformanceOptions['capabilities']>
  }

/**
 * What the command line asks for: the options of `runConformance` it sets, the flags the CLI
 * acts on itself, and the base URL, which only `--help`, `--version` and `--list` may go without.
 */
export type CliOptions = RunFlags & { reporter: ReporterName; output: string | undefined } & (
    | { help: true; list: boolean; version: boolean; baseUrl: string | undefined }
    | { help: false; list: boolean; version: true; baseUrl: string | undefined }
    | { help: false; list: true; version: false; baseUrl: string | undefined }
    | { help: false; list: false; version: false; baseUrl: string }
  )

/**
 * Parses `todokit-conformance` arguments; throws {@link InvalidOptionsError} for any mistake.
 *
 * @example
 * parseCliArgs(['http://localhost:3000', '--capabilities', 'all', '--strict'])
 */
export function parseCliArgs(args: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: [...args], options: FLAGS, allowPositionals: true })
  } catch (error) {
    throw new InvalidOptionsError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1)
    throw new InvalidOptionsError(`Expected one base URL, got: ${positionals.join(' ')}`)
  const options = {
    reporter: parseReporter(values.reporter),
    output: values.output,
    capabilities: parseCapabilities(values.capabilities),
    strict: values.strict,
    headers: Object.fromEntries((values.header ?? []).map(parseHeader)),
    only: globs(values.only ?? []),
    skip: globs(values.skip ?? []),
    timeout: parseNumber('--timeout', values.timeout),
    concurrency: parseNumber('--concurrency', values.concurrency),
    bail: values.bail,
    budget: values.budget === undefined ? undefined : parseBudget(values.budget),
    seed: parseSeed(values.seed),
    readOnly: values['read-only'],
  }
  const baseUrl = positionals[0] === undefined ? undefined : normalizeBaseUrl(positionals[0])
  const { help, list, version } = values
  if (help) return { ...options, help, list, version, baseUrl }
  if (version) return { ...options, help, list, version, baseUrl }
  if (list) return { ...options, help, list, version, baseUrl }
  if (baseUrl === undefined) throw new InvalidOptionsError('Missing <base-url>')
  return { ...options, help, list, version, baseUrl }
}
