import { MAX_CONTENT_LENGTH } from '@todokit/sdk/contract'
import fc from 'fast-check'

/** Text that breaks naive storage, escaping or matching. */
const ADVERSARIAL = [
  'Grüße',
  '日本語',
  'Ελληνικά',
  '🎉',
  '👩‍💻',
  '𝔘𝔫𝔦',
  'e\u0301',
  'A\u030A',
  '\u200f',
  '\u00a0',
  '<b>&amp;</b>',
  '"quoted"',
  "it's",
  '\\',
  '{"a":[1]}',
  '.*',
  '[a-z]+',
  '(x|y)?',
  '$1',
  '^',
  '%25',
  '&q=1',
  '#',
  '+',
  'NULL',
  'true',
  '0',
]

/** Letters whose case differs, to make contents that differ only in case. */
const WORDS = ['alpha', 'Beta', 'GAMMA', 'delta', 'ÉCOLE', 'straße', 'Istanbul', 'ǅemal']

const flipCase = (text: string, mask: number) =>
  [...text].map((c, i) => ((mask >> (i % 16)) & 1 ? c.toUpperCase() : c.toLowerCase())).join('')

/**
 * The part of a content the exploration chooses (it follows the run's marker): words that may
 * differ only in case, adversarial characters, whitespace at the end, now and then a long run
 * up to the contract's limit.
 */
export const contentTail = (room: number): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...WORDS),
          fc.nat(0xffff),
          fc.array(fc.constantFrom(...ADVERSARIAL), { maxLength: 3 }),
          fc.constantFrom('', ' ', '  ', '\t', ' \n'),
        )
        .map(([word, mask, extras, edge]) => `${flipCase(word, mask)}${extras.join('')}${edge}`),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 200, max: Math.max(200, Math.min(room, MAX_CONTENT_LENGTH)) })
        .map((length) => 'x'.repeat(length)),
    },
  )

/** A random piece of `text` to search for: a few characters, sometimes in another case. */
export function searchFor(text: string, start: number, length: number, upper: boolean): string {
  const chars = [...text]
  const from = start % Math.max(1, chars.length)
  const piece = chars
    .slice(from, from + 1 + (length % 6))
    .join('')
    .trim()
  return upper ? piece.toUpperCase() : piece
}
