import type { Todo } from '@todokit/sdk/contract'

/**
 * Whether `value` is `todo` itself: same id and same (run-unique) content. A server may give a
 * freed id to the next record, so an id alone never proves a record is the run's.
 *
 * @example
 * list.some(isSameRecord(created))
 */
export function isSameRecord(todo: Todo) {
  return (value: unknown): boolean => {
    const record = value as Partial<Todo> | null
    return record?.id === todo.id && record.content === todo.content
  }
}
