import type { Exchange } from './exchange.ts'

/** Quotes a string for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`
}

/**
 * The curl command that replays an exchange.
 *
 * @example
 * curlCommand({ method: 'GET', url: 'http://localhost:3000/todos', requestHeaders: {}, durationMs: 1 })
 * // → "curl -i -X GET 'http://localhost:3000/todos'"
 */
export function curlCommand(exchange: Exchange): string {
  const parts = ['curl -i', `-X ${exchange.method}`, shellQuote(exchange.url)]
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    parts.push(`-H ${shellQuote(`${name}: ${value}`)}`)
  }
  if (exchange.requestBody !== undefined)
    parts.push(`--data-raw ${shellQuote(exchange.requestBody)}`)
  return parts.join(' ')
}
