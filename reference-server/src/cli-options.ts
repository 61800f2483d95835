import { parseArgs } from 'node:util'
import { DELAY_RANGE } from './faults/faults.ts'
import { SERVER_LIMITS } from './http/listen.ts'
import { DEFAULT_MAX_TODOS } from './store/store.ts'

export const USAGE = `Usage: todokit-server [options]

Serves the todos REST API (contract-faithful reference server).

Options:
  --port N        port to listen on; 0 picks a free one  (default 3000)
  --host HOST     interface to bind                      (default 127.0.0.1)
  --data FILE     keep todos in the SQLite file FILE (durable); without it, in memory
  --seed FILE     load todos from a JSON file when the store is empty
  --max-todos N   refuse creates past N stored todos     (default ${DEFAULT_MAX_TODOS})
  --cors ORIGIN   allow browser calls from ORIGIN (repeatable; * for any)
  --public-url URL  where clients reach the API, as /openapi.json names it (default /)
  --quiet         no per-request log lines
  --help          show this help

Limits (Node's HTTP server settings; times in milliseconds):
  --max-connections N      most connections open at once (default ${SERVER_LIMITS.maxConnections})
  --headers-timeout MS     time allowed to send request headers (default ${SERVER_LIMITS.headersTimeout})
  --request-timeout MS     time allowed to send a whole request (default ${SERVER_LIMITS.requestTimeout})
  --keep-alive-timeout MS  how long an idle connection is kept (default ${SERVER_LIMITS.keepAliveTimeout})
  --idle-timeout MS        no traffic mid-request before closing (default ${SERVER_LIMITS.idleTimeout})

Faults, for testing clients (none touches the stored todos):
  --latency MS             time added before every answer (default 0)
  --failure-rate R         share of requests answered 503, 0 to 1 (default 0)
  --fault-seed N           seed of the failure rate: same seed, same failures (default 1)
A request may ask for its own fault with a Prefer header: code=503 (as Prism),
retry-after=S (with code), delay=MS, hang, drop, body=invalid.

API at /todos, OpenAPI at /openapi.json, API reference at /docs.`

const TIMEOUT = [0, 999_999_999, 'a whole number of milliseconds (0 for none)'] as const

/** The whole-number flags: least, most, and how the message names them. */
const WHOLE_NUMBERS = {
  port: [0, 65_535, 'an integer from 0 to 65535'],
  'max-todos': [0, Number.MAX_SAFE_INTEGER, 'a whole number'],
  'max-connections': [1, 999_999_999, 'a whole number from 1'],
  'headers-timeout': TIMEOUT,
  'request-timeout': TIMEOUT,
  'keep-alive-timeout': TIMEOUT,
  'idle-timeout': TIMEOUT,
  latency: DELAY_RANGE,
  'fault-seed': [0, 999_999_999, 'a whole number'],
} as const

/** The command line's options, checked, or the message for the first mistake in it. */
export function parseCommandLine(args: string[]) {
  const text = { type: 'string' } as const
  const numbers = Object.fromEntries(Object.keys(WHOLE_NUMBERS).map((flag) => [flag, text]))
  const flags = {
    ...(numbers as Record<keyof typeof WHOLE_NUMBERS, typeof text>),
    host: { type: 'string', default: '127.0.0.1' },
    data: text,
    seed: text,
    cors: { type: 'string', multiple: true },
    'public-url': text,
    'failure-rate': text,
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  } as const
  try {
    const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: flags })
    const whole = (flag: keyof typeof WHOLE_NUMBERS) => {
      const given = values[flag]
      const [least, most, what] = WHOLE_NUMBERS[flag]
      const value = /^\d+$/.test(given ?? '') ? Number(given) : Number.NaN
      if (given === undefined) return undefined
      if (value >= least && value <= most) return value
      throw new RangeError(`--${flag} must be ${what}, got "${given}"`)
    }
    const listen = {
      port: whole('port') ?? 3000,
      host: values.host,
      headersTimeout: whole('headers-timeout'),
      requestTimeout: whole('request-timeout'),
      keepAliveTimeout: whole('keep-alive-timeout'),
      idleTimeout: whole('idle-timeout'),
      maxConnections: whole('max-connections'),
      log: values.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`),
    }
    const maxTodos = whole('max-todos') ?? DEFAULT_MAX_TODOS
    const rate = values['failure-rate']
    if (rate !== undefined && !(/^\d*\.?\d+$/.test(rate) && Number(rate) <= 1)) {
      return `--failure-rate must be a number from 0 to 1, got "${rate}"`
    }
    const failureRate = rate === undefined ? undefined : Number(rate)
    const faults = { latencyMs: whole('latency'), failureRate, seed: whole('fault-seed') }
    const { headersTimeout, requestTimeout = SERVER_LIMITS.requestTimeout } = listen
    if (headersTimeout !== undefined && requestTimeout > 0 && headersTimeout > requestTimeout) {
      return `--headers-timeout (${headersTimeout}) must not be longer than --request-timeout (${requestTimeout})`
    }
    const publicUrl = values['public-url']
    if (publicUrl !== undefined && !URL.canParse(publicUrl)) {
      return `--public-url must be an absolute URL, got "${publicUrl}"`
    }
    const { help, data, seed, cors } = values
    return { help, data, seed, maxTodos, app: { cors, publicUrl }, listen, faults }
  } catch (error) {
    return (error as Error).message
  }
}
