/**
 * Every error the SDK throws carries this brand: `TodoClientError`'s constructor defines it,
 * non-enumerable, with the error's family as its value. `Symbol.for` keys come from the registry
 * realms share, so the guards recognise errors from another realm (test/realms.test.ts uses a
 * `node:vm` context) or a second copy of the package, where `instanceof` fails.
 */
export const BRAND = Symbol.for('todokit.error')

/** The family an SDK error was branded with, or `undefined` for anything else. */
export function familyOf(value: unknown): unknown {
  return typeof value === 'object' && value !== null
    ? (value as { [BRAND]?: unknown })[BRAND]
    : undefined
}
