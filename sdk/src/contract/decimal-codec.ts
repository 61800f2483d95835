import * as z from 'zod/mini'

/** A positive integer as decimal text: no sign, leading zero, fraction or exponent. */
export const POSITIVE_INTEGER_TEXT = /^[1-9][0-9]{0,15}$/

const positiveIntegerText = z
  .string()
  .check(z.regex(POSITIVE_INTEGER_TEXT, 'Expected a positive integer'))

/**
 * A codec between the decimal text of a path segment or query value and a positive integer that
 * `number` checks. The text form has one spelling per number, so `01`, `+1`, `1.0` and `1e0`
 * are refused rather than read as 1.
 *
 * @example
 * const Limit = decimalCodec(z.int().check(z.maximum(100)))
 * z.decode(Limit, '25') // → 25
 */
export function decimalCodec(number: z.ZodMiniType<number, number>) {
  return z.codec(positiveIntegerText, number, { decode: Number, encode: String })
}
