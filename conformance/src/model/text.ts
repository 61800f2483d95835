import { type OrderKey, sortKey } from '@todokit/sdk/contract'
import type { Expected } from './model.ts'

/**
 * The contract says only "free-text search uses `q`" and "sorting uses `order`": a server may
 * match substrings or whole words, any word or all of them, with or without case and accents, and
 * compare strings by code point or by a locale. An expectation holds only when every reading agrees.
 */

/** Text with case and accents folded away, as the loosest reading compares it. */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

export const words = (text: string): string[] => text.match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * Whether every reading of search returns a record with this content: it holds `q` exactly, and
 * each word of `q` as a whole word. A `q` without a word (`+`, `%`) is left to the readings.
 */
export function mustMatchSearch(content: string, q: string): boolean {
  const present = new Set(words(content))
  return words(q).length > 0 && content.includes(q) && words(q).every((word) => present.has(word))
}

/**
 * Whether some reading returns a record: `q`, a word of it or a piece between its spaces, folded,
 * is in one of its fields.
 */
export function mayMatchSearch(fields: readonly string[], q: string): boolean {
  if (words(q).length === 0) return true
  const needles = [q, ...words(q), ...q.split(/\s+/)].map(fold).filter(Boolean)
  return fields.some((field) => needles.some((needle) => fold(field).includes(needle)))
}

/** UTF-16 order, which is code point order unless a surrogate is involved. */
const byUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Code point order. Not via UTF-8 bytes: those turn every lone surrogate into U+FFFD alike. */
function byCodePoint(a: string, b: string): number {
  const [x = [], y = []] = [a, b].map((text) => Array.from(text, (c) => c.codePointAt(0) ?? 0))
  const at = x.findIndex((point, i) => point !== y[i])
  return at < 0 || at >= y.length ? x.length - y.length : (x[at] ?? 0) - (y[at] ?? 0)
}

// Collators are made once: `localeCompare` with options builds one on every call.
const byLocale = new Intl.Collator().compare

/** The string orders a correct server may use. */
const COLLATIONS: Array<(a: string, b: string) => number> = [
  byUnit,
  byCodePoint,
  byLocale,
  new Intl.Collator('en', { sensitivity: 'base' }).compare,
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
