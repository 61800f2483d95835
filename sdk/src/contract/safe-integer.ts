import * as z from 'zod/mini'

/**
 * Whether a number is an integer that JavaScript represents exactly, as `z.int()` checks, but
 * without zod's number formats, which `z.int()` brings into every bundle that holds it (the
 * SDK's browser bundle checks each todo's id, and nothing else there needs them). A value it
 * refuses gets the issue `z.int()` gives a fraction. It tells JSON Schema, as `z.int()` does, that
 * the number is an `integer`, through the bag zod's generator reads checks from.
 */
const safeIntegerCheck = z.check<number>((payload) => {
  const { value: input } = payload
  if (!Number.isSafeInteger(input)) {
    payload.issues.push({ code: 'invalid_type', expected: 'int', format: 'safeint', input })
  }
})
safeIntegerCheck._zod.onattach.push((schema) => {
  schema._zod.bag.format = 'safeint'
})

/**
 * A number that is an integer JavaScript represents exactly: `z.int()` for schemas a browser
 * bundle holds (see `safeIntegerCheck`).
 *
 * @example
 * safeInteger().safeParse(7).success // → true
 * safeInteger().safeParse(1.5).success // → false
 * safeInteger().safeParse(2 ** 53).success // → false: not every integer that large is exact
 */
export function safeInteger(): z.ZodMiniNumber<number> {
  return z.number().check(safeIntegerCheck)
}
