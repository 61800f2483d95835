import { parseArgs } from 'node:util'
import { InvalidOptionsError } from '../errors.ts'
import { type Budget, DEFAULT_BUDGET, describeBudget, parseBudget } from '../explore/budget.ts'
import type { Capability } from '../levels.ts'
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT,
  normalizeBaseUrl,
  parseCapabilities,
} from '../options.ts'
import { REPORTERS, type ReporterName } from '../reporters/index.ts'

/** Usage text of `todokit-conformance`. */
export const USAGE = `Usage: todokit-conformance <base-url> [options]

Checks that the server at <base-url> honours the todos REST contract: the catalogue of checks,
then an exploration of random operation sequences against a model of the contract. It only
touches records it creates (content starts with "[todokit-conformance <run id>]"), and removes
each one after reading it back.

Options:
  --reporter NAME        pretty | json | junit                    (default pretty)
  --output FILE          write the report to FILE (pretty summary still on stdout)
  --capabilities LIST    what the server claims: filter,search,sort,paging | all | none
                         (default none); unclaimed capability checks still run, as information
  --strict               recommended checks count toward the verdict
  --header 'Name: value' send a header with every request (repeatable), e.g. for auth
  --only GLOBS           run only checks whose id matches (comma-separated, repeatable), e.g. 'patch.*'
  --skip GLOBS           skip checks whose id matches
  --timeout MS           per-request timeout                      (default ${DEFAULT_TIMEOUT})
  --concurrency N        checks run at once                       (default ${DEFAULT_CONCURRENCY})
  --bail                 stop after the first counted failure
  --budget N | Ns        what the exploration may spend: N requests or N seconds
                         (default ${describeBudget(DEFAULT_BUDGET)}); --skip 'explore.*' turns it off
  --seed N               seed of the exploration's random sequences (the report gives it;
                         the same seed and budget replay a run)
  --list                 print the check catalogue and exit
  --help                 show this help

Exit codes: 0 no counted check failed (the verdict says PARTIAL when --only/--skip left counted
checks out), 1 a counted check failed, 2 usage error or server unreachable (also when it stops
answering mid-run), 130 interrupted
(records are still removed).`

/** What the command line asks for. */
export interface CliOptions {
  help: boolean
  list: boolean
  baseUrl: string | undefined
  reporter: ReporterName
  output: string | undefined
  capabilities: Capability[]
  strict: boolean
  headers: Record<string, string>
  only: string[]
  skip: string[]
  timeout: number | undefined
  concurrency: number | undefined
  bail: boolean
  seed: number | undefined
  budget: Budget | undefined
}

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

/**
 * Parses `todokit-conformance` arguments; throws {@link InvalidOptionsError} for any mistake.
 *
 * @example
 * parseCliArgs(['http://localhost:3000', '--capabilities', 'all', '--strict'])
 */
export function parseCliArgs(args: readonly string[]): CliOptions {
  let parsed: ReturnType<typeof parseWithNode>
  try {
    parsed = parseWithNode(args)
  } catch (error) {
    throw new InvalidOptionsError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) {
    throw new InvalidOptionsError(`Expected one base URL, got: ${positionals.join(' ')}`)
  }
  const reporter = values.reporter as ReporterName
  if (!REPORTERS.includes(reporter)) {
    throw new InvalidOptionsError(
      `Unknown --reporter "${values.reporter}": use ${REPORTERS.join(', ')}`,
    )
  }
  const help = values.help
  const list = values.list
  const baseUrl = positionals[0]
  if (!help && !list && baseUrl === undefined) throw new InvalidOptionsError('Missing <base-url>')
  return {
    help,
    list,
    baseUrl: baseUrl === undefined ? undefined : normalizeBaseUrl(baseUrl),
    reporter,
    output: values.output,
    capabilities: parseCapabilities(values.capabilities),
    strict: values.strict,
    headers: Object.fromEntries((values.header ?? []).map(parseHeader)),
    only: globs(values.only),
    skip: globs(values.skip),
    timeout: parseNumber('--timeout', values.timeout),
    concurrency: parseNumber('--concurrency', values.concurrency),
    bail: values.bail,
    seed: parseSeed(values.seed),
    budget: values.budget === undefined ? undefined : parseBudget(values.budget),
  }
}

function parseSeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  if (!/^-?[0-9]{1,10}$/.test(value) || Math.abs(Number(value)) >= 2 ** 31) {
    throw new InvalidOptionsError(`--seed expects an integer (a 32-bit seed), got "${value}"`)
  }
  return Number(value)
}

function parseWithNode(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: true,
    options: {
      reporter: { type: 'string', default: 'pretty' },
      output: { type: 'string' },
      capabilities: { type: 'string', default: 'none' },
      strict: { type: 'boolean', default: false },
      header: { type: 'string', multiple: true },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      timeout: { type: 'string' },
      concurrency: { type: 'string' },
      bail: { type: 'boolean', default: false },
      budget: { type: 'string' },
      seed: { type: 'string' },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
}
