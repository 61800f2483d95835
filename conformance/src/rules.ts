import { endpoints, type OperationName } from '@todokit/sdk/contract'

/** One rule of the contract a check can verify: where it is written and what it says. */
export interface ContractRule {
  /** Where the rule is written, e.g. `§4 rule 1`. */
  readonly ref: string
  /** The rule in a sentence. */
  readonly text: string
  /**
   * Why no check verifies the rule, for a rule a client cannot observe from outside; the rule
   * table shows it in place of checks.
   */
  readonly unverifiable?: string
}

/** Endpoint rows of section 4, read from the contract module's endpoint table. */
function endpointRule(name: OperationName, text: string): ContractRule {
  const { method, path, success } = endpoints[name]
  return {
    ref: `§4 ${method} ${path}`,
    text: `${text} Success status ${success.join(' or ')}.`,
  }
}

/**
 * A paging rule: todokit's choice where the contract says "Not shown: … paging of the list",
 * as the reference server implements it (docs/server.md, "Paging").
 */
function pagingRule(text: string): ContractRule {
  return { ref: '§4 paging (not shown; todokit)', text }
}

/**
 * Every rule of the contract (`todos-contract.md`) that the kit verifies, keyed by a stable
 * name. Each endpoint row and numbered rule appears here, with the paging rules todokit adds,
 * and the coverage test proves that at least one check verifies each of them.
 */
export const contractRules = {
  'design.noun-uris': {
    ref: '§1 design rule 1',
    text: 'A URI names a resource with a noun; it contains no verb.',
    unverifiable:
      'a rule for the contract’s URIs, which the kit uses as given (`/todos`, `/todos/{id}`); a server that also serves verb URIs is not seen from outside.',
  },
  'design.method-is-action': {
    ref: '§1 design rule 2',
    text: 'The HTTP method is the action: GET reads, POST creates, PUT replaces, PATCH changes part, DELETE removes.',
  },
  'design.plural-collections': {
    ref: '§1 design rule 3',
    text: 'Collection names are plural (`/todos`).',
  },
  'design.query-parameters': {
    ref: '§1 design rule 4',
    text: 'Filtering, searching and sorting are query parameters, not extra path levels.',
  },
  'todo.fields': {
    ref: '§2 Todo',
    text: 'A todo is a JSON object with `id` (integer), `content` (string) and `completed` (boolean).',
  },
  'state.patch-completed': {
    ref: '§3 States',
    text: 'A PATCH that sends only `completed` changes that field and leaves the other fields as they were.',
  },
  'endpoint.list': endpointRule('list', 'Body is a JSON array of todo objects (all todos).'),
  'endpoint.get': endpointRule('get', 'Body is one todo object.'),
  'endpoint.create': endpointRule(
    'create',
    'Body is the stored todo (a client accepts either status).',
  ),
  'endpoint.replace': endpointRule(
    'replace',
    'The complete record replaces the stored one; body is the replaced todo.',
  ),
  'endpoint.update': endpointRule(
    'update',
    'Only the sent fields change; body is the updated todo.',
  ),
  'endpoint.delete': endpointRule(
    'delete',
    'Any body; the record no longer appears in GET /todos afterwards.',
  ),
  'endpoint.json': {
    ref: '§4 Endpoints',
    text: 'Request and response bodies are JSON; requests with a body carry `content-type: application/json`.',
  },
  'rule.patch-keeps-unsent': {
    ref: '§4 rule 1',
    text: 'When PATCH sends a subset of fields, the fields not sent keep their stored values.',
  },
  'rule.put-complete-record': {
    ref: '§4 rule 2',
    text: 'When PUT is used, the request carries the complete record.',
  },
  'rule.created-is-readable': {
    ref: '§4 rule 3',
    text: 'After a successful POST, the new todo is returned by GET /todos and GET /todos/{id}.',
  },
  'rule.deleted-is-absent': {
    ref: '§4 rule 4',
    text: 'After a successful DELETE, the todo is absent from the list.',
  },
  'query.filter': {
    ref: '§4 Query conventions: Filter',
    text: 'A field filter is a query parameter `/todos?{field}={value}`.',
  },
  'query.search': {
    ref: '§4 Query conventions: Search',
    text: 'Free-text search uses the query parameter `q`.',
  },
  'query.sort': {
    ref: '§4 Query conventions: Sort',
    text: 'Sorting uses the query parameter `order` (`field` ascending, `-field` descending).',
  },
  'paging.walk': pagingRule(
    'A walk (`?limit=N`, then each `rel="next"` link) returns every record once: pages are disjoint and together they are the collection.',
  ),
  'paging.limit': pagingRule('`?limit=N` returns at most N records.'),
  'paging.link': pagingRule(
    'The next page is announced in an RFC 8288 header, `Link: <URI>; rel="next"`, whose URI keeps the request’s path and query; the last page has none.',
  ),
  'paging.query': pagingRule(
    'Paging combines with the field filters and `order`: the walk returns what the unpaged query returns, in its order.',
  ),
  'paging.stable': pagingRule(
    'Cursors are keyset-based: a record present for the whole walk and never changed appears exactly once while others are created and deleted.',
  ),
  'paging.bad-input': pagingRule(
    'A cursor the server did not write, or a limit that is not a positive integer, is refused with 400 and a body that names the parameter.',
  ),
  'errors.status-codes': {
    ref: '§7 Errors',
    text: 'Status codes carry their table meaning: 400 malformed request, 404 not found, 500 only for server faults.',
  },
} as const satisfies Record<string, ContractRule>

/** Stable name of a contract rule. */
export type RuleId = keyof typeof contractRules
