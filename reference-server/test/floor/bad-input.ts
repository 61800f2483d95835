/**
 * The bad-input probe: forty requests a client gets wrong, each of which must be refused with
 * the 4xx it names, as an RFC 9457 problem that says what was wrong (`detail`) and carries no
 * stack trace. Run from outside, over a socket, by the tests and by `npm run bench`.
 */
import {
  MAX_BODY_BYTES,
  MAX_CLIENT_ID,
  MAX_CONTENT_LENGTH,
  MAX_PAGE_LIMIT,
  MAX_SEARCH_LENGTH,
  MAX_TODO_ID,
} from '@todokit/sdk/contract'

interface BadInput {
  readonly name: string
  readonly status: number
  readonly method: string
  /** A path under the collection; `{id}` is a todo the probe created. */
  readonly path: string
  readonly body?: string | Uint8Array<ArrayBuffer>
  readonly contentType?: string | null
  readonly headers?: Record<string, string>
}

const json = (value: unknown) => JSON.stringify(value)
const post = (name: string, body: string | Uint8Array<ArrayBuffer>, status = 400): BadInput => ({
  name,
  status,
  method: 'POST',
  path: '/todos',
  body,
})
const list = (name: string, query: string): BadInput => ({
  name,
  status: 400,
  method: 'GET',
  path: `/todos?${query}`,
})

/** The forty bad inputs, each with the status it must get. */
export const BAD_INPUTS: readonly BadInput[] = [
  post('malformed JSON', '{"content": "Buy milk"'),
  post('an empty body', ''),
  post('an array for a body', '[]'),
  post('a string for a body', '"Buy milk"'),
  post('null for a body', 'null'),
  post('no content', '{}'),
  post('a number for content', json({ content: 42 })),
  post('empty content', json({ content: '' })),
  post('content over the limit', json({ content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) })),
  post('a string for completed', json({ content: 'a', completed: 'yes' })),
  post('an unknown field', json({ content: 'a', priority: 1 })),
  post('a __proto__ key', '{"content":"a","__proto__":{"admin":true}}'),
  post('id 0', json({ id: 0, content: 'a' })),
  post('a negative id', json({ id: -1, content: 'a' })),
  post('a fractional id', json({ id: 1.5, content: 'a' })),
  post('an id as a string', json({ id: '7', content: 'a' })),
  post('an id past the client range', json({ id: MAX_CLIENT_ID + 1, content: 'a' })),
  post('a taken id', '{"id":{id},"content":"a"}', 409),
  post(
    'bytes that are not UTF-8',
    Uint8Array.from([...Buffer.from('{"content":"'), 0xff, 0x22, 0x7d]),
  ),
  post('a lone surrogate in content', '{"content":"\\ud800"}'),
  post('a body over the size limit', json({ content: 'x'.repeat(MAX_BODY_BYTES) }), 413),
  { ...post('a body sent as text/plain', json({ content: 'a' }), 415), contentType: 'text/plain' },
  { ...post('a body without a content type', json({ content: 'a' }), 415), contentType: null },
  list('limit 0', 'limit=0'),
  list('a limit that is not a number', 'limit=ten'),
  list('a limit past the largest page', `limit=${MAX_PAGE_LIMIT + 1}`),
  list('a cursor the server never wrote', 'limit=2&cursor=bm90LWEtY3Vyc29y'),
  list('an unknown sort key', 'order=priority'),
  list('a sort key given twice', 'order=id,-id'),
  list('completed that is not a boolean', 'completed=maybe'),
  list('an unknown query parameter', 'sort=id'),
  list('a search past its limit', `q=${'x'.repeat(MAX_SEARCH_LENGTH + 1)}`),
  { name: 'a path id that is not a number', status: 400, method: 'GET', path: '/todos/abc' },
  { name: 'path id 0', status: 400, method: 'GET', path: '/todos/0' },
  {
    name: 'a path id past the range',
    status: 400,
    method: 'GET',
    path: `/todos/${MAX_TODO_ID + 1}`,
  },
  {
    name: 'a PUT whose id differs from the path',
    status: 400,
    method: 'PUT',
    path: '/todos/{id}',
    body: json({ id: MAX_TODO_ID, content: 'a', completed: false }),
  },
  { name: 'an empty PATCH', status: 400, method: 'PATCH', path: '/todos/{id}', body: '{}' },
  {
    name: 'a PATCH that changes the id',
    status: 400,
    method: 'PATCH',
    path: '/todos/{id}',
    body: json({ id: MAX_TODO_ID }),
  },
  {
    name: 'an If-Match that does not match',
    status: 412,
    method: 'DELETE',
    path: '/todos/{id}',
    headers: { 'if-match': '"not-the-etag"' },
  },
  { name: 'a method the collection lacks', status: 405, method: 'DELETE', path: '/todos' },
]

/** What the probe found: how many inputs were refused as they must be, and how the others went. */
export interface ProbeResult {
  readonly passed: number
  readonly total: number
  readonly failures: readonly string[]
}

/** Sends every bad input to the server at `url` and judges each answer. */
export async function probeBadInputs(url: string): Promise<ProbeResult> {
  const created = await fetch(`${url}/todos`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json({ content: 'the bad-input probe’s own todo' }),
  })
  const { id } = (await created.json()) as { id: number }
  const failures: string[] = []
  for (const input of BAD_INPUTS) {
    const failure = await judge(url, input, String(id))
    if (failure !== undefined) failures.push(`${input.name}: ${failure}`)
  }
  return { passed: BAD_INPUTS.length - failures.length, total: BAD_INPUTS.length, failures }
}

/** Why the answer to `input` falls short, or `undefined` when it is the refusal it must be. */
async function judge(url: string, input: BadInput, id: string): Promise<string | undefined> {
  const headers = new Headers(input.headers)
  const contentType = input.contentType === undefined ? 'application/json' : input.contentType
  if (input.body !== undefined && contentType !== null) headers.set('content-type', contentType)
  const body = typeof input.body === 'string' ? input.body.replaceAll('{id}', id) : input.body
  const response = await fetch(`${url}${input.path.replace('{id}', id)}`, {
    method: input.method,
    headers,
    body,
  })
  const text = await response.text()
  if (response.status !== input.status) return `answered ${response.status}, not ${input.status}`
  if (response.headers.get('content-type') !== 'application/problem+json') {
    return `answered ${response.headers.get('content-type')}, not application/problem+json`
  }
  const problem = JSON.parse(text) as { status?: unknown; detail?: unknown }
  if (problem.status !== input.status) return `its problem says status ${problem.status}`
  if (typeof problem.detail !== 'string' || problem.detail === '')
    return 'its problem has no detail'
  if (/\n\s+at /.test(text)) return 'it carries a stack trace'
  return undefined
}
