import type { ParseArgsOptionsConfig } from 'node:util'
import { type ListenOptions, SERVER_LIMITS } from './listen.ts'

/** Each server limit of {@link ListenOptions} as a flag: its option, unit and meaning. */
const LIMITS = [
  ['max-connections', 'maxConnections', 'N', 'most connections open at once'],
  ['headers-timeout', 'headersTimeout', 'MS', 'time allowed to send request headers'],
  ['request-timeout', 'requestTimeout', 'MS', 'time allowed to send a whole request'],
  ['keep-alive-timeout', 'keepAliveTimeout', 'MS', 'how long an idle connection is kept'],
  ['idle-timeout', 'idleTimeout', 'MS', 'no traffic mid-request before closing'],
] as const satisfies ReadonlyArray<readonly [string, keyof typeof SERVER_LIMITS, string, string]>

type LimitFlag = (typeof LIMITS)[number][0]
type LimitOptions = Pick<ListenOptions, (typeof LIMITS)[number][1]>

/** The flags of the server limits, for `parseArgs`. */
export const LIMIT_FLAGS = {
  'max-connections': { type: 'string' },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'idle-timeout': { type: 'string' },
} as const satisfies Record<LimitFlag, ParseArgsOptionsConfig[string]>

/** The usage lines of the server-limit flags, with their defaults. */
export const LIMIT_USAGE = LIMITS.map(([flag, option, unit, meaning]) =>
  `  --${flag} ${unit}`.padEnd(27).concat(`${meaning} (default ${SERVER_LIMITS[option]})`),
).join('\n')

/**
 * The server limits given on the command line, or the message for a bad one: whole numbers of
 * milliseconds (0 turns a timeout off) and at least one connection.
 */
export function limitsFromFlags(values: Partial<Record<LimitFlag, string>>): LimitOptions | string {
  const limits: LimitOptions = {}
  for (const [flag, option, unit] of LIMITS) {
    const text = values[flag]
    if (text === undefined) continue
    const least = unit === 'N' ? 1 : 0
    if (!/^\d{1,9}$/.test(text) || Number(text) < least) {
      return `--${flag} must be a whole number ${unit === 'N' ? 'from 1' : 'of milliseconds (0 for none)'}, got "${text}"`
    }
    limits[option] = Number(text)
  }
  const { headersTimeout, requestTimeout = SERVER_LIMITS.requestTimeout } = limits
  if (headersTimeout !== undefined && requestTimeout > 0 && headersTimeout > requestTimeout) {
    return `--headers-timeout (${headersTimeout}) must not be longer than --request-timeout (${requestTimeout})`
  }
  return limits
}
