import { parseArgs } from 'node:util'
import * as z from 'zod/mini'
import { InvalidOptionsError } from '../errors.ts'
import { OPTIONS, readOptions } from '../options.ts'
import { REPORTERS } from '../reporters/index.ts'

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
  --timeout MS           per-request timeout (default 5000)
  --concurrency N        creates sent at once to look for ids handed out twice (default 8)
  --bail                 stop after the first counted failure
  --budget N | Ns        what the exploration may spend: N requests or N seconds
                         (default 800 requests)
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

/**
 * Every flag the help names, as `parseArgs` reads it: one shown with a value takes one, and
 * `--header`, `--only` and `--skip` may be given again; {@link OPTIONS} reads the values.
 */
const FLAGS = Object.fromEntries(
  [...USAGE.matchAll(/^ {2}--([a-z-]+)( \S)?/gm)].map(([, name, value]) => [
    name!,
    {
      type: value ? 'string' : 'boolean',
      multiple: ['header', 'only', 'skip'].includes(name!),
      ...(name === 'help' && { short: 'h' }),
    } as const,
  ]),
)

/** The options of a run, and the CLI's own: the report's format and the file it goes to. */
const CLI_OPTIONS = z.extend(OPTIONS, {
  reporter: z._default(z.enum(REPORTERS), 'pretty'),
  output: z.optional(z.string()),
})

/** What the command line asks for: help, the version, the rules, or a run with its options. */
export type CliCommand =
  | { command: 'help' | 'version' | 'list' }
  | { command: 'run'; options: z.output<typeof CLI_OPTIONS> }

/**
 * Parses `todokit-conformance` arguments; throws {@link InvalidOptionsError} for any mistake.
 *
 * @example
 * parseCliArgs(['http://localhost:3000', '--capabilities', 'all', '--strict'])
 */
export function parseCliArgs(args: readonly string[]): CliCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof FLAGS; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: [...args], options: FLAGS, allowPositionals: true })
  } catch (error) {
    throw new InvalidOptionsError((error as Error).message)
  }
  const { help, version, list, header, 'read-only': readOnly, ...values } = parsed.values
  const command = help ? 'help' : version ? 'version' : list ? 'list' : undefined
  if (command) return { command }
  const [baseUrl, ...more] = parsed.positionals
  if (baseUrl === undefined) throw new InvalidOptionsError('Missing <base-url>')
  if (more.length)
    throw new InvalidOptionsError(`Expected one base URL, got: ${parsed.positionals.join(' ')}`)
  const input = { ...values, baseUrl, headers: header, readOnly }
  return { command: 'run', options: readOptions(CLI_OPTIONS, input) }
}
