import { TodoListQuery, TodoPatch } from '@todokit/sdk/contract'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { parseFields } from './problem.ts'

const whetherInputKept = (issue: z.core.$ZodIssue) => String('input' in issue)

describe('parseFields', () => {
  it('leaves the input out of the issues unless the wording reads it', () => {
    const list = parseFields(TodoListQuery, { limit: 'many' }, { describe: whetherInputKept })
    expect(list.errors).toEqual([{ pointer: '/limit', detail: 'false' }])
    const patch = parseFields(
      TodoPatch,
      { content: null },
      { describe: whetherInputKept, readsInput: true },
    )
    expect(patch.errors).toEqual([{ pointer: '/content', detail: 'true' }])
  })
})
