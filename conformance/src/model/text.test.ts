import { describe, expect, it } from 'vitest'
import { precedence } from './text.ts'

/**
 * The kit's edge contents (but U+0000, which PostgreSQL cannot store) and three of its marked ones,
 * as `sort` lists them under glibc 2.36's en_US.UTF-8: the order of `ORDER BY content` in a
 * PostgreSQL database created with that locale.
 */
const GLIBC_EN_US = [
  ...['', '%', '+', '042', '42', '50% & more', '<b>&amp;</b>', 'bell \u0007 tab\t', 'case'],
  ...['Case', 'c++ (x) [y] .* $1 ^', 'emoji 🙂 𝔘', 'e\u0301 vs é', 'Grüße café', 'it\'s "quoted"'],
  ...['null', 'one+two', 'pad', 'pad ', '  padded  ', 'tkab12cd 1 alpha', 'tkab12cd 2 one+two'],
  ...["tkab12cd 3 it's", 'true', 'x'.repeat(300)],
]

/** The pairs of `contents`, as listed, whose order `order=content` forbids. */
function outOfOrder(contents: readonly string[]) {
  const items = contents.map((content, id) => ({ id, content, completed: false }))
  const mustPrecede = precedence(['content'], items)
  return items.flatMap((a, i) =>
    items.flatMap((b, j) => (j > i && mustPrecede(j, i) ? [[a.content, b.content]] : [])),
  )
}

describe('the string orders a correct server may sort by', () => {
  it("take glibc's en_US.UTF-8, where spaces, punctuation and symbols weigh only on ties", () => {
    expect(outOfOrder(GLIBC_EN_US)).toEqual([])
  })

  it('leave out an order no collation gives', () => {
    expect(outOfOrder(['beta', 'alpha', 'Gamma'])).toEqual([['beta', 'alpha']])
  })
})
