import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { MAX_PAGE_LIMIT } from './limits.ts'
import { TodoListQuery } from './list-query.ts'
import { nextLinkTarget } from './paging.ts'

describe('nextLinkTarget', () => {
  it('finds rel="next" among several links, whatever their order', () => {
    const link = '</todos?page=1>; rel="prev", </todos?limit=2&cursor=abc>; rel="next"'
    expect(nextLinkTarget(link)).toBe('/todos?limit=2&cursor=abc')
  })

  it('reads an unquoted rel, a list of relation types and any case', () => {
    expect(nextLinkTarget('<https://x.test/a?b=1>; rel=next')).toBe('https://x.test/a?b=1')
    expect(nextLinkTarget('<?cursor=1>; title="x"; rel="last NEXT"')).toBe('?cursor=1')
  })

  it('says there is no next page when no link has rel next', () => {
    expect(nextLinkTarget('</todos?x=1>; rel="prev"')).toBeUndefined()
    expect(nextLinkTarget('</todos?x=1>; rel="nextpage"')).toBeUndefined()
    expect(nextLinkTarget(null)).toBeUndefined()
    expect(nextLinkTarget('')).toBeUndefined()
  })
})

describe('TodoListQuery paging parameters', () => {
  it('decodes limit as a number up to MAX_PAGE_LIMIT and keeps the cursor as text', () => {
    expect(z.decode(TodoListQuery, { limit: '25', cursor: 'WzFd' })).toEqual({
      limit: 25,
      cursor: 'WzFd',
    })
    expect(z.decode(TodoListQuery, { limit: String(MAX_PAGE_LIMIT) }).limit).toBe(MAX_PAGE_LIMIT)
  })

  it.each(['0', '-1', '1.5', '1e2', '01', 'ten', String(MAX_PAGE_LIMIT + 1)])(
    'rejects limit=%s',
    (limit) => {
      expect(z.safeDecode(TodoListQuery, { limit }).success).toBe(false)
    },
  )

  it('rejects an empty cursor', () => {
    expect(z.safeDecode(TodoListQuery, { cursor: '' }).success).toBe(false)
  })
})
