/** Which foreign server a switch belongs to. */
export type Stack = 'python' | 'go'

/**
 * Where a defect falls: the kinds of misses the kit must catch, plus writes a server loses or
 * misreports, seen on real servers. Variants carry the freedom of the contract they use.
 */
export type Category =
  | 'edge-values'
  | 'parameters-combined'
  | 'caches-and-indexes'
  | 'path-ids'
  | 'disallowed-writes'
  | 'refused-writes-leave-trace'
  | 'wrong-types-accepted'
  | 'large-collections'
  | 'stale-search-results'
  | 'lost-or-misreported-writes'
  | 'sort'
  | 'search'
  | 'limits'
  | 'edge-whitespace'
  | 'error-codes'
  | 'status-for-another-job'
  | 'unknown-ids'
  | 'ids'

/** One switch of a foreign server: `--defect name` or `--variant name`. */
export interface ForeignSwitch {
  stack: Stack
  name: string
  kind: 'defect' | 'variant'
  category: Category
  description: string
  /**
   * What the kit must conclude. `fail`: a defect it must report. `pass`: a correct server it
   * must pass (exit 0 without `--strict`). `fails-one-rule`: the server breaks one rule of the
   * contract, and the kit must charge exactly that one (see `note`).
   */
  expect: 'fail' | 'pass' | 'fails-one-rule'
  /** Set for a defect found on a real open-source server. */
  realServer?: true
  note?: string
}

const defects: ForeignSwitch[] = [
  {
    stack: 'python',
    name: 'empty-content-refused-silently',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'content "" is stored and answered as null',
  },
  {
    stack: 'python',
    name: 'numeric-content-coerced',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'a content that looks like a number ("42") is stored as the number',
  },
  {
    stack: 'python',
    name: 'q-regex',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'q is used as a regular expression: + or ( answer 500, . matches any character',
  },
  {
    stack: 'python',
    name: 'content-filter-ignores-case',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      '?content= compares without case, as MySQL and MariaDB compare text under their default collation',
  },
  {
    stack: 'python',
    name: 'content-filter-ignores-trailing-spaces',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      '?content= ignores spaces at the end, as a PAD SPACE collation (MySQL, MariaDB, SQL Server) compares text',
  },
  {
    stack: 'python',
    name: 'content-filter-numeric',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      '?content=42 compares the number each content starts with, as MySQL and MariaDB compare text with a number: "042" and "42 apples" match',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'q-plus-as-space',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'a + in q (sent as %2B) is read as a space, as if decoded twice',
  },
  {
    stack: 'python',
    name: 'id-int32',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'ids are kept as 32-bit integers: a client id above 2^31-1 wraps around',
  },
  {
    stack: 'python',
    name: 'filter-drops-order',
    kind: 'defect',
    expect: 'fail',
    category: 'parameters-combined',
    description: 'with a field filter or q, order is ignored',
  },
  {
    stack: 'python',
    name: 'q-ignores-filter',
    kind: 'defect',
    expect: 'fail',
    category: 'parameters-combined',
    description: 'with q, the field filters are ignored',
  },
  {
    stack: 'python',
    name: 'stale-get-after-patch',
    kind: 'defect',
    expect: 'fail',
    category: 'caches-and-indexes',
    description: 'GET /todos/{id} is cached; only DELETE drops the cached answer',
  },
  {
    stack: 'python',
    name: 'stale-filtered-list-after-write',
    kind: 'defect',
    expect: 'fail',
    category: 'caches-and-indexes',
    description: 'a list with a query string is cached per query, forever',
  },
  {
    stack: 'python',
    name: 'path-id-parseint',
    kind: 'defect',
    expect: 'fail',
    category: 'path-ids',
    description: 'the path id is read like parseInt: /todos/1abc and /todos/01 serve 1',
  },
  {
    stack: 'python',
    name: 'path-id-float',
    kind: 'defect',
    expect: 'fail',
    category: 'path-ids',
    description: 'the path id is read as a float: /todos/1.0 and /todos/1e0 serve 1',
  },
  {
    stack: 'python',
    name: 'path-id-python-int',
    kind: 'defect',
    expect: 'fail',
    category: 'path-ids',
    description:
      "the path id is read with Python's int(): /todos/0_1 serves 1, as do /todos/01 and /todos/%201",
  },
  {
    stack: 'python',
    name: 'post-taken-id-duplicates',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description: 'a POST with a taken id stores a second record with that id',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'put-body-id-moves',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description: 'PUT /todos/A with body id B overwrites record B and answers 200',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'patch-body-id-renames',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description: 'PATCH /todos/A with a body id nobody holds moves the record to that id',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'refused-create-stored',
    kind: 'defect',
    expect: 'fail',
    category: 'refused-writes-leave-trace',
    description: 'a create refused with 400 for a wrong type is stored anyway',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'refused-patch-applied',
    kind: 'defect',
    expect: 'fail',
    category: 'refused-writes-leave-trace',
    description: 'a PATCH refused with 400 still applies its well-typed fields',
  },
  {
    stack: 'python',
    name: 'null-content-stored',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'content null is accepted and stored as null',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'object-content-stringified',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'a non-string content is stored as its JSON text (true -> "true")',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'truthy-completed',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'a non-boolean completed is stored as its truthiness ({} -> true)',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'wrong-type-breaks-list',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'a non-boolean completed is stored as sent; GET /todos then answers 500',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'list-truncated-at-100',
    kind: 'defect',
    expect: 'fail',
    category: 'large-collections',
    description: 'GET /todos answers only the first 100 matching records',
  },
  {
    stack: 'python',
    name: 'search-index-stale-after-delete',
    kind: 'defect',
    expect: 'fail',
    category: 'stale-search-results',
    description: 'q searches an index that DELETE does not update',
  },
  {
    stack: 'python',
    name: 'put-200-not-stored',
    kind: 'defect',
    expect: 'fail',
    category: 'lost-or-misreported-writes',
    description: 'PUT answers 200 with the new record but stores nothing',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'patch-echoes-request',
    kind: 'defect',
    expect: 'fail',
    category: 'lost-or-misreported-writes',
    description: 'PATCH answers the request body rather than the stored record',
    realServer: true,
  },
  {
    stack: 'python',
    name: 'create-without-completed-stores-none',
    kind: 'defect',
    expect: 'fail',
    category: 'lost-or-misreported-writes',
    description: 'a create without completed stores no completed field',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'filter-value-typed',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      'a filter value that reads as a number or boolean is compared typed: ?content=42 never matches "42"',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'filter-percent-decoded-twice',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description: 'query values are percent-decoded twice: %2541 reads as A, %2B as a space',
  },
  {
    stack: 'go',
    name: 'id-2p53-breaks-create',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      'assigned ids are the largest id plus one: after a record with id 2^53-1, every create without an id answers 500',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'content-html-escaped',
    kind: 'defect',
    expect: 'fail',
    category: 'edge-values',
    description:
      "content is stored HTML-escaped: <a & 'b'> comes back as &lt;a &amp; &#39;b&#39;&gt;",
  },
  {
    stack: 'go',
    name: 'q-drops-order',
    kind: 'defect',
    expect: 'fail',
    category: 'parameters-combined',
    description: 'with q, order is ignored',
  },
  {
    stack: 'go',
    name: 'order-drops-filter',
    kind: 'defect',
    expect: 'fail',
    category: 'parameters-combined',
    description: 'with order, the field filters are ignored',
  },
  {
    stack: 'go',
    name: 'stale-get-after-put',
    kind: 'defect',
    expect: 'fail',
    category: 'caches-and-indexes',
    description: 'GET /todos/{id} is cached; PUT does not drop the cached answer',
  },
  {
    stack: 'go',
    name: 'stale-list-after-delete',
    kind: 'defect',
    expect: 'fail',
    category: 'caches-and-indexes',
    description: 'the unfiltered GET /todos is cached; DELETE does not drop it',
  },
  {
    stack: 'go',
    name: 'path-id-atoi',
    kind: 'defect',
    expect: 'fail',
    category: 'path-ids',
    description: 'the path id is read with strconv: /todos/01 and /todos/+1 serve record 1',
  },
  {
    stack: 'go',
    name: 'path-id-leading-zero-500',
    kind: 'defect',
    expect: 'fail',
    category: 'path-ids',
    description: 'a path id with a leading zero (/todos/01) answers 500',
  },
  {
    stack: 'go',
    name: 'post-taken-id-overwrites',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description: 'a POST with a taken id overwrites that record and answers 201',
  },
  {
    stack: 'go',
    name: 'put-body-id-duplicates',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description:
      'PUT /todos/A with body id B gives record A the id B, leaving two records with id B',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'patch-body-id-moves',
    kind: 'defect',
    expect: 'fail',
    category: 'disallowed-writes',
    description:
      'PATCH /todos/A with body id B rewrites record B, or moves A to id B when B is free',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'refused-create-stored-blank',
    kind: 'defect',
    expect: 'fail',
    category: 'refused-writes-leave-trace',
    description: 'a create refused with 400 is stored anyway, with content "" and completed false',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'refused-put-applied',
    kind: 'defect',
    expect: 'fail',
    category: 'refused-writes-leave-trace',
    description:
      'a PUT refused with 400 (a field missing or wrongly typed) still applies its valid fields',
  },
  {
    stack: 'go',
    name: 'array-completed-stored',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'an array sent as completed is stored and listed as sent',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'float-id-stored',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'a client id with a fraction (1.5) is stored as sent',
    realServer: true,
  },
  {
    stack: 'go',
    name: 'string-completed-stored-as-sent',
    kind: 'defect',
    expect: 'fail',
    category: 'wrong-types-accepted',
    description: 'a string sent as completed ("true") is stored and listed as the string',
  },
  {
    stack: 'go',
    name: 'filtered-list-scans-first-100',
    kind: 'defect',
    expect: 'fail',
    category: 'large-collections',
    description: 'a list with a filter or q looks only at the first 100 records stored',
  },
  {
    stack: 'go',
    name: 'search-index-stale-after-change',
    kind: 'defect',
    expect: 'fail',
    category: 'stale-search-results',
    description: 'q searches the content each record had when created',
  },
]

const variants: (Omit<ForeignSwitch, 'stack' | 'kind' | 'expect'> &
  Partial<Pick<ForeignSwitch, 'expect'>>)[] = [
  {
    name: 'sort-asc-only',
    category: 'sort',
    description: 'order takes one field, ascending; -field or several keys answer 400',
  },
  {
    name: 'word-search',
    category: 'search',
    description: 'q matches whole words, any word of q, ignoring case and accents',
    note: 'the Go server folds the accents of Latin letters only',
  },
  {
    name: 'token-search',
    category: 'search',
    description:
      'q is split at spaces, and a record matches when any piece is in its content, ignoring case: q=50% & more finds every content with a &',
  },
  {
    name: 'content-max-50',
    category: 'limits',
    description:
      'content longer than 50 characters is refused with 422 on every write, PUT and PATCH included',
  },
  {
    name: 'bmp-only',
    category: 'limits',
    description: 'content with characters beyond the BMP is refused with 400 on every write',
  },
  {
    name: 'trims-content',
    category: 'edge-whitespace',
    description: 'spaces (U+0020 only) at the ends of content are trimmed on every write',
  },
  {
    name: 'errors-422',
    category: 'error-codes',
    description: 'wrong types and missing fields answer 422 (malformed JSON stays 400)',
  },
  {
    name: 'delete-204',
    category: 'status-for-another-job',
    description: 'DELETE answers 204 with no body',
    expect: 'fails-one-rule',
    note: 'charged once, to the rule on the status of a DELETE',
  },
  {
    name: 'put-204',
    category: 'status-for-another-job',
    description: 'PUT answers 204 with no body',
    expect: 'fails-one-rule',
    note: 'charged once, to the rule on the status of a PUT; checks that need its body are inconclusive',
  },
  {
    name: 'unknown-id-500',
    category: 'unknown-ids',
    description: 'a well-formed id that names no record answers 500 on GET, PUT, PATCH and DELETE',
    note: 'fails only a recommendation: exit 0 without --strict',
  },
  {
    name: 'unknown-id-200-empty',
    category: 'unknown-ids',
    description:
      'a well-formed id that names no record answers 200 with an empty body on GET, PUT, PATCH and DELETE, and stores nothing',
    note: 'fails only a recommendation: exit 0 without --strict',
  },
  {
    name: 'string-ids',
    category: 'ids',
    description:
      'ids are UUID strings the server assigns; a create may choose an unused string id, and any other id is refused with 400',
    expect: 'fails-one-rule',
    note: 'charged once, to the field-type rule; start with debugCount to check that the run leaves no record behind (GET /__count)',
  },
  {
    name: 'client-ids-refused',
    category: 'ids',
    description: 'a create that carries an id is refused with 400; the server always assigns',
  },
  {
    name: 'client-ids-required',
    category: 'ids',
    description: 'a create without an id is refused with 400',
  },
  {
    name: 'completed-as-number-in-list',
    category: 'wrong-types-accepted',
    description:
      'GET /todos lists completed as 0 or 1, as a store that keeps booleans as integers reads its rows; GET /todos/{id} and the writes answer booleans',
    expect: 'fails-one-rule',
    note: 'charged once, to the field-type rule: filters, search and sort judge no ill-typed item again',
  },
  {
    name: 'completed-as-number',
    category: 'wrong-types-accepted',
    description:
      'every todo the server answers shows completed as 0 or 1, as a store that keeps booleans as integers hands its rows on',
    expect: 'fails-one-rule',
    note: 'charged once, to the field-type rule: the answers to writes and the wrongly typed creates judge no ill-typed field again',
  },
  {
    name: 'max-plus-one-ids',
    category: 'ids',
    description:
      'ids are 64-bit, and a create without one gets the highest id held plus one, as SQLite’s rowid does: once the run stores 2^53 − 1, the next is past what JSON numbers hold exactly',
  },
]

/**
 * Every switch of the foreign servers (`todo_server.py`, `todo_server.go`), with what the kit
 * must conclude about a server started with it. Both servers take every variant.
 */
export const catalogue: readonly ForeignSwitch[] = [
  ...defects,
  ...(['python', 'go'] as const).map((stack) => ({
    stack,
    name: 'patch-empty-500',
    kind: 'defect' as const,
    expect: 'fail' as const,
    category: 'lost-or-misreported-writes' as const,
    description: 'PATCH {} answers 500',
    realServer: true as const,
  })),
  ...(['python', 'go'] as const).flatMap((stack) =>
    variants.map((variant) => ({
      expect: 'pass' as const,
      ...variant,
      kind: 'variant' as const,
      stack,
    })),
  ),
]
