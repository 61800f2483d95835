import type { Fault } from './fault-plan.ts'

/** The longest `Prefer: delay=MS` honoured: past it the server's idle timeout would cut in. */
export const MAX_PREFERRED_DELAY_MS = 20_000

/** What a request's `Prefer` header asks for: a fault, extra delay, or both. */
export interface PreferredFault {
  fault?: Fault
  delayMs: number
}

/** The preferences of a `Prefer` header (RFC 7240): `token[=value]`, parameters after `;` dropped. */
function preferences(header: string): Map<string, string> {
  const found = new Map<string, string>()
  for (const preference of header.split(',')) {
    const [nameValue = ''] = preference.split(';', 1)
    const [name = '', ...rest] = nameValue.split('=')
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
    const key = name.trim().toLowerCase()
    if (key !== '') found.set(key, value)
  }
  return found
}

function wholeNumber(text: string | undefined, least: number, most: number): number | undefined {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined
  const value = Number(text)
  return value >= least && value <= most ? value : undefined
}

/**
 * The fault a `Prefer` header asks for. `code=NNN` is Prism's convention (here, an error status,
 * 400 to 599, with a problem body); todokit adds `retry-after=S` (with `code`), `delay=MS`,
 * `hang`, `drop` and `body=invalid`. Preferences it does not know (`return=minimal`,
 * `respond-async`, Prism's `example`) are ignored, as RFC 7240 says; a known one with a value it
 * cannot honour is the returned message.
 *
 * @example
 * preferredFault('code=503, retry-after=0') // → { fault: { kind: 'status', status: 503, retryAfter: 0 }, delayMs: 0 }
 * preferredFault('delay=250')               // → { delayMs: 250 }
 * preferredFault('code=200')                // → 'Prefer: code must be an error status from 400 to 599, got "200"'
 */
export function preferredFault(header: string): PreferredFault | string {
  const asked = preferences(header)
  const result: PreferredFault = { delayMs: 0 }
  const faults: Fault[] = []

  const delay = asked.get('delay')
  if (delay !== undefined) {
    const delayMs = wholeNumber(delay, 0, MAX_PREFERRED_DELAY_MS)
    if (delayMs === undefined) {
      return `Prefer: delay must be a whole number of milliseconds up to ${MAX_PREFERRED_DELAY_MS}, got "${delay}"`
    }
    result.delayMs = delayMs
  }
  const code = asked.get('code')
  const retryAfterText = asked.get('retry-after')
  if (code !== undefined) {
    const status = wholeNumber(code, 400, 599)
    if (status === undefined) {
      return `Prefer: code must be an error status from 400 to 599, got "${code}"`
    }
    const fault: Fault = { kind: 'status', status, detail: `Prefer: code=${status} asked for it` }
    if (retryAfterText !== undefined) {
      const retryAfter = wholeNumber(retryAfterText, 0, 86_400)
      if (retryAfter === undefined) {
        return `Prefer: retry-after must be a whole number of seconds up to 86400, got "${retryAfterText}"`
      }
      fault.retryAfter = retryAfter
    }
    faults.push(fault)
  } else if (retryAfterText !== undefined) {
    return 'Prefer: retry-after goes with code (e.g. "code=503, retry-after=0")'
  }
  if (asked.has('hang')) faults.push({ kind: 'hang' })
  if (asked.has('drop')) faults.push({ kind: 'drop' })
  const body = asked.get('body')
  if (body !== undefined) {
    if (body !== 'invalid') return `Prefer: body can only be "invalid", got "${body}"`
    faults.push({ kind: 'body', body: BROKEN_BODY })
  }
  if (faults.length > 1) return 'Prefer: ask for one of code, hang, drop and body=invalid at a time'
  const [fault] = faults
  return fault === undefined ? result : { ...result, fault }
}

/** A body no todo, list or problem schema accepts: the id is a string, the content a number. */
export const BROKEN_BODY = { id: 'not-a-number', content: 42 }
