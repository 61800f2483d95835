import * as z from 'zod/mini'
import {
  ProposedTodoId,
  TodoContent,
  TodoCreate,
  TodoId,
  TodoPatch,
  TodoReplace,
} from './inputs.ts'
import {
  MAX_CLIENT_ID,
  MAX_CONTENT_LENGTH,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_TODO_ID,
} from './limits.ts'
import { OrderKey, TodoListQuery } from './list-query.ts'
import { ProblemDetails } from './problem.ts'
import { Todo, TodoList } from './todo.ts'

/**
 * What the OpenAPI document says about a schema. `id` makes it a named component that others
 * refer to; `examples` are typed by the schema (what a client sends, or what it gets), so an example
 * cannot break its schema.
 *
 * @example
 * const meta: SchemaMetadata = { id: 'Todo', description: 'A todo.', examples: [{ id: 1 }] }
 */
export interface SchemaMetadata {
  id?: string
  description?: string
  examples?: (z.core.$input | z.core.$output)[]
}

/**
 * Names, descriptions and examples of the contract's schemas, for documents generated from them
 * (`z.toJSONSchema(contractMetadata, { metadata: contractMetadata, … })`). A registry of its own,
 * apart from the schemas and from zod's global one, so a client that bundles `Todo` bundles none
 * of this text.
 *
 * @example
 * contractMetadata.get(Todo)?.id // → 'Todo'
 */
export const contractMetadata = z.registry<SchemaMetadata>()

const milk = { id: 1, content: 'Buy milk', completed: false }

contractMetadata
  .add(Todo, {
    id: 'Todo',
    description: 'A todo. Servers may add fields of their own; clients keep them.',
    examples: [milk],
  })
  .add(Todo.shape.id, { description: 'Assigned by the server, or proposed on create.' })
  .add(TodoList, {
    id: 'TodoList',
    description: 'Todos in the order the query asked for (ascending id without `order`).',
    examples: [[milk, { id: 2, content: 'Walk the dog', completed: true }]],
  })
  .add(TodoId, {
    description: `A todo's id: a positive integer up to ${MAX_TODO_ID}.`,
    examples: [1],
  })
  .add(ProposedTodoId, {
    description: `An id the client proposes: a positive integer up to ${MAX_CLIENT_ID}; the ids above are the server's to assign.`,
    examples: [42],
  })
  .add(TodoContent, {
    description: `The task, 1 to ${MAX_CONTENT_LENGTH} characters.`,
    examples: ['Buy milk'],
  })
  .add(TodoCreate, {
    id: 'TodoCreate',
    description:
      'A new todo. Leave `id` out and the server assigns the next one; `completed` defaults to `false`.',
    examples: [{ content: 'Buy milk' }, { id: 42, content: 'Call mum', completed: true }],
  })
  .add(TodoCreate.shape.completed, {
    description: 'Whether the task is done; `false` if left out.',
  })
  .add(TodoReplace, {
    id: 'TodoReplace',
    description: 'The whole todo; `id` must be the one in the path.',
    examples: [{ id: 1, content: 'Buy oat milk', completed: true }],
  })
  .add(TodoPatch, {
    id: 'TodoPatch',
    description: 'The fields to change, at least one; the others keep their values.',
    examples: [{ completed: true }, { content: 'Buy oat milk' }],
  })
  .add(ProblemDetails, {
    id: 'ProblemDetails',
    description:
      'An RFC 9457 problem: `errors` names each invalid field with a JSON Pointer (RFC 6901).',
    examples: [
      {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The body does not match the schema; see errors',
        errors: [{ pointer: '/content', detail: 'Required: expected string' }],
      },
    ],
  })
  .add(OrderKey, {
    id: 'OrderKey',
    description:
      'A field to sort by: its name for ascending order, `-` and its name for descending.',
    examples: ['-id'],
  })
  .add(TodoListQuery, {
    id: 'TodoListQuery',
    description: 'The query parameters of `GET /todos`, decoded from their text.',
  })
  .add(TodoListQuery.shape.id, { description: 'Only the todo with this id.', examples: [1] })
  .add(TodoListQuery.shape.content, {
    description: 'Only todos whose content is exactly this text.',
    examples: ['Buy milk'],
  })
  .add(TodoListQuery.shape.completed, {
    description: 'Only todos with this completion state.',
    examples: [false],
  })
  .add(TodoListQuery.shape.q, {
    description: `Only todos whose content contains this text, ignoring case (at most ${MAX_SEARCH_LENGTH} characters).`,
    examples: ['milk'],
  })
  .add(TodoListQuery.shape.order, {
    description:
      'Sort keys, earlier keys first; a field may appear once. Comma-separated (`order=completed,-id`) or repeated (`order=completed&order=-id`). Without it, todos come in ascending id order.',
    examples: [['completed', '-id']],
  })
  .add(TodoListQuery.shape.limit, {
    description: `Paging, opt-in: at most this many todos (1 to ${MAX_PAGE_LIMIT}). While more follow, the \`Link\` header names the next page. Without it, the list is every todo the query selects.`,
    examples: [20],
  })
  .add(TodoListQuery.shape.cursor, {
    description:
      'Where the page starts: copied from the `Link` header of the page before, never built by hand. It is valid only with the filters, `q` and `order` it was made for (400 otherwise). Todos that exist for the whole walk and do not change appear exactly once, whatever else is created or deleted meanwhile.',
  })
