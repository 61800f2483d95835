import { type OrderKey, sortKey } from '@todokit/sdk/contract'
import type { Expected } from './model.ts'

/**
 * The contract says only "free-text search uses `q`" and "sorting uses `order`": a server may
 * match substrings or whole words, any word or all of them, with or without case, accents or a
 * stemmer, and compare strings by code point or by a locale. An expectation holds only when every
 * reading agrees.
 */

/** Text with case and accents folded away, as the loosest reading compares it. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

export const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? []

/** English stop words of three letters or more (Snowball's, as PostgreSQL's `english` drops). */
const STOP_WORDS = new Set(
  `our ours ourselves you your yours yourself yourselves him his himself she her hers herself its
  itself they them their theirs themselves what which who whom this that these those are was were
  been being have has had having does did doing the and but because until while for with about
  against between into through during before after above below from down out off over under again
  further then once here there when where why how all any both each few more most other some such
  nor not only own same than too very can will just don should now`.split(/\s+/),
)

/**
 * Whether a full-text index reads `q` as the words it spells: no markup (`<b>` is a tag, `&amp;`
 * an entity), no word under three letters or digits, which one may skip, and not only stop words.
 */
function indexable(q: string) {
  const spelt = words(q)
  return (
    !/[<&]/.test(q) &&
    spelt.every((word) => word.length >= 3) &&
    spelt.some((word) => !STOP_WORDS.has(word.toLowerCase()))
  )
}

/**
 * Whether every reading of search returns a record with this content: the content holds `q`
 * exactly and each of its words as a whole word, and an index reads `q` as those words. Other
 * queries are left to the readings.
 */
export function mustMatchSearch(content: string, q: string): boolean {
  const present = new Set(words(content))
  return indexable(q) && content.includes(q) && words(q).every((word) => present.has(word))
}

/** What a stemmer may leave of a word: `padded` and `pad` both index as `pad`. */
const stem = (word: string) => word.slice(0, Math.max(3, word.length - 3))
const sameStem = (a: string, b: string) =>
  a.length >= 3 && b.length >= 3 && (a.startsWith(stem(b)) || b.startsWith(stem(a)))

/**
 * Whether some reading returns a record: `q`, a word of it or a piece between its spaces, folded,
 * is in one of its fields, or a word of a field has the stem of a word of `q`.
 */
export function mayMatchSearch(fields: readonly string[], q: string): boolean {
  if (words(q).length === 0) return true
  const needles = [q, ...words(q), ...q.split(/\s+/)].map(fold).filter(Boolean)
  const wanted = words(fold(q))
  return fields
    .map(fold)
    .some(
      (field) =>
        needles.some((needle) => field.includes(needle)) ||
        words(field).some((word) => wanted.some((other) => sameStem(word, other))),
    )
}

/** UTF-16 order, which is code point order unless a surrogate is involved. */
const byUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Code point order. Not via UTF-8 bytes: those turn every lone surrogate into U+FFFD alike. */
function byCodePoint(a: string, b: string): number {
  const [x = [], y = []] = [a, b].map((text) => Array.from(text, (c) => c.codePointAt(0) ?? 0))
  const at = x.findIndex((point, i) => point !== y[i])
  return at < 0 || at >= y.length ? x.length - y.length : (x[at] ?? 0) - (y[at] ?? 0)
}

/** glibc's locales (PostgreSQL's default collations) weigh spaces, punctuation and symbols on ties. */
const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '')

// Collators are made once: `localeCompare` with options builds one on every call.
const byLocale = new Intl.Collator().compare

/** The string orders a correct server may use. */
const COLLATIONS: Array<(a: string, b: string) => number> = [
  byUnit,
  byCodePoint,
  byLocale,
  new Intl.Collator('en', { sensitivity: 'base' }).compare,
  (a, b) => byLocale(lettersAndDigits(a), lettersAndDigits(b)),
  (a, b) => byLocale(fold(a), fold(b)),
  (a, b) => byUnit(a.toLowerCase(), b.toLowerCase()),
]

export type Sortable = Omit<Expected, 'id'> & { id: unknown }

/** Each text's rank under `compare`: texts it holds equal share one, so a pair compares by rank. */
function ranks(texts: readonly string[], compare: (a: string, b: string) => number) {
  const sorted = [...new Set(texts)].sort(compare)
  const rank = new Map<string, number>()
  for (const [i, text] of sorted.entries()) {
    const previous = sorted[i - 1]
    const tied = previous !== undefined && compare(previous, text) === 0
    rank.set(text, tied ? (rank.get(previous) ?? i) : i)
  }
  return texts.map((text) => rank.get(text) ?? 0)
}

/**
 * Whether `order` requires `items[a]` before `items[b]`, or `undefined` for a tie or collations
 * that differ. Contents are ranked once under every collation, as a list is judged pair by pair.
 */
export function precedence(order: readonly OrderKey[], items: readonly Sortable[]) {
  const keys = order.map(sortKey)
  const contents = items.map((item) => item.content)
  const byContent = keys.some((key) => key.field === 'content')
  const byCollation = byContent ? COLLATIONS.map((compare) => ranks(contents, compare)) : []
  /** The sign of one key's comparison, or `undefined` when correct servers may differ. */
  const signOf = ({ field }: (typeof keys)[number], a: number, b: number) => {
    const [x, y] = [items[a], items[b]]
    if (field === 'id' && (typeof x?.id !== 'number' || typeof y?.id !== 'number')) return undefined
    if (field !== 'content') return Math.sign(Number(x?.[field]) - Number(y?.[field]))
    const signs = new Set(byCollation.map((rank) => Math.sign((rank[a] ?? 0) - (rank[b] ?? 0))))
    return signs.size === 1 ? [...signs][0] : undefined
  }
  return (a: number, b: number): boolean | undefined => {
    for (const key of keys) {
      const sign = signOf(key, a, b)
      if (sign === undefined) return undefined
      if (sign !== 0) return key.descending ? sign > 0 : sign < 0
    }
    return undefined
  }
}
