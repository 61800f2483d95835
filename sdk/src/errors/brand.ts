/**
 * Every error the SDK throws carries this brand. `Symbol.for` keys come from the registry all
 * realms share, so the guards recognise errors from another realm (an iframe, a vm context) or a
 * second copy of the package, where `instanceof` fails.
 */
const BRAND = Symbol.for('todokit.error')

/** Marks `error` as one of the SDK's errors, of the given family. */
export function brand(error: Error, family: string): void {
  Object.defineProperty(error, BRAND, { value: family })
}

/** The family an SDK error was branded with, or `undefined` for anything else. */
export function familyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? (value as { [BRAND]?: unknown })[BRAND]
    : undefined
}
