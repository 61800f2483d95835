/**
 * The key of the brand `brandError` puts on an error. `Symbol.for` keys come from the registry
 * every realm shares, so an error made in another realm (an iframe, a `node:vm` context) or by a
 * second copy of a package still carries a key the guards can read, where `instanceof` fails.
 */
const BRAND = Symbol.for('todokit.error')

/**
 * An error class that guards can recognise in any realm. `type` is the name it is known by: a
 * string, because a class from another realm is a different object, and spelled out, because
 * minifiers rename classes. Types are shared by every todokit package, so each must be unique.
 *
 * @example
 * class IdTakenError extends Error {
 *   static readonly type = 'IdTakenError'
 * }
 */
export interface ErrorType<T extends Error = Error> {
  readonly prototype: T
  readonly type: string
}

/**
 * Marks `error` as being of `errorType` and of every type it extends, so that `isErrorType`
 * recognises it as each of them. Call it last in the constructor, with `new.target`, so a
 * subclass is branded with its own type too.
 *
 * @example
 * class IdTakenError extends Error {
 *   static readonly type = 'IdTakenError'
 *   constructor(id: number) {
 *     super(`id ${id} is taken`)
 *     brandError(this, new.target)
 *   }
 * }
 */
export function brandError(error: Error, errorType: ErrorType): void {
  const types: string[] = []
  for (let type: object | null = errorType; type !== null; type = Object.getPrototypeOf(type)) {
    const own = Object.getOwnPropertyDescriptor(type, 'type')?.value
    if (typeof own === 'string') types.push(own)
  }
  Object.defineProperty(error, BRAND, { value: Object.freeze(types) })
}

/**
 * Whether `value` is an error of `errorType` (or of a type that extends it) branded by
 * `brandError`, in this realm or another. Look-alikes that merely share a `name` are not.
 *
 * @example
 * if (isErrorType(error, NotFoundError)) return undefined
 */
export function isErrorType<T extends Error>(value: unknown, errorType: ErrorType<T>): value is T {
  if (typeof value !== 'object' || value === null || !(BRAND in value)) return false
  const types = value[BRAND]
  return Array.isArray(types) && types.includes(errorType.type)
}
