// The SDK's integration check, runnable unchanged in Node, Bun, Deno and a browser: plain ESM,
// no runtime API, only `@todokit/sdk` (its built dist, as a consumer gets it) and fetch.
import {
  isAbortError,
  isNetworkError,
  isNotFoundError,
  isPagingError,
  isRedirectError,
  isResponseTooLargeError,
  isResponseValidationError,
  isServerError,
  isTimeoutError,
  isTodoApiError,
  TodoClient,
} from '@todokit/sdk'

/** Name and version of the runtime executing this module. */
export function describeRuntime() {
  const g = globalThis
  if (g.Deno) return `Deno ${g.Deno.version.deno}`
  if (g.Bun) return `Bun ${g.Bun.version}`
  if (g.process?.versions?.node) return `Node ${g.process.versions.node}`
  const chrome = / (?:Headless)?Chrome\/([\d.]+)/.exec(g.navigator?.userAgent ?? '')
  return chrome ? `Chromium ${chrome[1]}` : 'unknown runtime'
}

function check(condition, what) {
  if (!condition) throw new Error(`smoke check failed: ${what}`)
}

/** The rejection of `promise`, or undefined when it resolves. */
function rejectionOf(promise) {
  return promise.then(
    () => undefined,
    (caught) => caught,
  )
}

/** The runtime's own fetch, counting the attempts the SDK makes through it. */
function countingFetch() {
  const counter = {
    attempts: 0,
    fetch: (request, init) => {
      counter.attempts += 1
      return fetch(request, init)
    },
  }
  return counter
}

/** Retries at once, so the run never waits for a back-off. */
const NO_DELAY = { limit: 2, delay: () => 0 }

/**
 * The SDK's integration test reduced to what depends on the runtime: its fetch, Request and
 * Response, AbortSignal, timers, headers a cross-origin page may read, and the errors each runtime
 * throws. Performs the six operations, the 409, 412 and 404 errors with their status text, an
 * afterResponse hook reading the ETag, an abort, a refused connection (`closedUrl`), and against
 * `quirksUrl` (package-checks/matrix/quirks-server.ts) a timeout, a body that breaks the contract, a 503
 * retried into a 200 and a 503 on POST that is not retried; and what a hostile server tries: a
 * body without end, a Content-Length over the cap, a gzip bomb, a redirect to another origin and
 * one on the same origin (which a browser hides, so there it is refused too), a Retry-After of a
 * year, a next link that goes round, and an error only for a client that accepts problem details.
 * Touches only the record it creates.
 *
 * @param {string} baseUrl a todos server
 * @param {string} closedUrl a URL whose connection is refused
 * @param {string} quirksUrl the matrix's quirks server
 * @returns {Promise<{ runtime: string, steps: string[] }>} the steps that passed
 * @throws the first failed step
 */
export async function runSdkSmoke(baseUrl, closedUrl, quirksUrl) {
  const client = new TodoClient({ baseUrl, retry: 0 })
  const marker = `smoke-${Math.random().toString(36).slice(2, 10)}`
  const steps = []
  const step = async (name, body) => {
    await body()
    steps.push(name)
  }

  let todo
  await step('create', async () => {
    todo = await client.todos.create({ content: `${marker} café ✓` })
    check(Number.isInteger(todo.id) && todo.completed === false, 'create returns the stored todo')
  })
  await step('409 error', async () => {
    const error = await rejectionOf(client.todos.create({ id: todo.id, content: marker }))
    check(isTodoApiError(error) && error.status === 409, 'creating a taken id is a 409')
    check(error.statusText === 'Conflict', `the error names 409 Conflict (${error.statusText})`)
  })
  await step('get', async () => {
    const got = await client.todos.get(todo.id)
    check(got.content === `${marker} café ✓`, 'get returns what create stored')
  })
  await step('list', async () => {
    const found = await client.todos.list({ q: marker })
    check(found.length === 1 && found[0].id === todo.id, 'list with q finds exactly the new todo')
  })
  await step('replace', async () => {
    const replaced = await client.todos.replace(todo.id, {
      id: todo.id,
      content: `${marker} replaced`,
      completed: true,
    })
    check(replaced.content === `${marker} replaced` && replaced.completed, 'replace stores all')
  })
  await step('update', async () => {
    const updated = await client.todos.update(todo.id, { content: `${marker} patched` })
    check(updated.completed === true, 'update keeps the field it did not send')
  })
  let etag
  await step('hook reads ETag', async () => {
    // A page on another origin sees ETag only because the server exposes it (CORS).
    const hooked = new TodoClient({
      baseUrl,
      retry: 0,
      hooks: {
        afterResponse: [
          ({ response }) => {
            etag = response.headers.get('etag')
          },
        ],
      },
    })
    await hooked.todos.get(todo.id)
    check(typeof etag === 'string' && etag.length > 0, `an afterResponse hook reads ETag (${etag})`)
  })
  await step('412 error', async () => {
    await client.todos.update(todo.id, { completed: false })
    const stale = { headers: { 'if-match': etag } }
    const error = await rejectionOf(
      client.todos.replace(todo.id, { id: todo.id, content: marker, completed: true }, stale),
    )
    check(isTodoApiError(error) && error.status === 412, 'a stale If-Match is a 412')
    check(error.statusText === 'Precondition Failed', 'the error names 412 Precondition Failed')
  })
  await step('delete', async () => {
    await client.todos.delete(todo.id)
    const left = await client.todos.list({ q: marker })
    check(left.length === 0, 'a deleted todo is absent from the list')
  })
  await step('404 error', async () => {
    const error = await rejectionOf(client.todos.get(todo.id))
    check(isTodoApiError(error), 'get of a deleted todo throws a TodoApiError')
    check(error.status === 404 && error.statusText === 'Not Found', 'the error names 404 Not Found')
  })
  await step('abort', async () => {
    const controller = new AbortController()
    const pending = client.todos.list(undefined, { signal: controller.signal })
    controller.abort()
    const error = await rejectionOf(pending)
    check(isAbortError(error), "the caller's abort rejects with the SDK's AbortError")
  })
  await step('network error', async () => {
    // Each runtime words a refused connection its own way (Bun's is not ky's); the SDK must still
    // report it as a NetworkError and retry the GET.
    const counter = countingFetch()
    const unreachable = new TodoClient({
      baseUrl: closedUrl,
      retry: { limit: 1, delay: () => 0 },
      fetch: counter.fetch,
    })
    const error = await rejectionOf(unreachable.todos.list())
    check(isNetworkError(error), `a refused connection is a NetworkError, not ${error}`)
    check(
      counter.attempts === 2,
      `a GET whose connection was refused is retried (${counter.attempts} attempts)`,
    )
  })
  await step('timeout', async () => {
    const counter = countingFetch()
    const slow = new TodoClient({
      baseUrl: `${quirksUrl}/slow`,
      timeout: 200,
      retry: NO_DELAY,
      fetch: counter.fetch,
    })
    const error = await rejectionOf(slow.todos.list())
    check(isTimeoutError(error), `no answer within the timeout is a TimeoutError, not ${error}`)
    check(counter.attempts === 1, `a timeout is not retried (${counter.attempts} attempts)`)
  })
  await step('validation error', async () => {
    const broken = new TodoClient({ baseUrl: `${quirksUrl}/bad-body`, retry: 0 })
    const error = await rejectionOf(broken.todos.get(1))
    check(isResponseValidationError(error), `a body that breaks the contract is rejected: ${error}`)
  })
  await step('retry 503', async () => {
    const counter = countingFetch()
    const flaky = new TodoClient({
      baseUrl: `${quirksUrl}/flaky/${marker}`,
      retry: NO_DELAY,
      fetch: counter.fetch,
    })
    const listed = await flaky.todos.list()
    check(listed.length === 0, 'the retried GET returns the answer after the 503')
    check(counter.attempts === 2, `a GET answered 503 is retried once (${counter.attempts})`)
  })
  await step('no POST retry', async () => {
    const counter = countingFetch()
    const down = new TodoClient({
      baseUrl: `${quirksUrl}/down`,
      retry: NO_DELAY,
      fetch: counter.fetch,
    })
    const error = await rejectionOf(down.todos.create({ content: marker }))
    check(isTodoApiError(error) && error.status === 503, 'a POST answered 503 is a TodoApiError')
    check(error.statusText === 'Service Unavailable', 'the error names 503 Service Unavailable')
    check(counter.attempts === 1, `a POST is not retried (${counter.attempts} attempts)`)
  })
  const capped = (quirk) =>
    new TodoClient({ baseUrl: `${quirksUrl}/${quirk}`, retry: 0, maxResponseSize: 1024 * 1024 })
  await step('body over the cap', async () => {
    const error = await rejectionOf(capped('endless').todos.list())
    check(isResponseTooLargeError(error), `a body without end is cut at the cap, not ${error}`)
  })
  await step('length over the cap', async () => {
    const error = await rejectionOf(capped('announced').todos.list())
    check(isResponseTooLargeError(error), `a Content-Length over the cap fails at once: ${error}`)
  })
  await step('gzip bomb', async () => {
    const error = await rejectionOf(capped('bomb').todos.list())
    check(isResponseTooLargeError(error), `bytes are counted decompressed, not ${error}`)
  })
  await step('redirect to another origin', async () => {
    const keyed = new TodoClient({
      baseUrl: `${quirksUrl}/away`,
      retry: 0,
      headers: { 'x-api-key': marker },
    })
    const error = await rejectionOf(keyed.todos.list())
    check(isRedirectError(error), `a redirect to another origin is refused, not ${error}`)
  })
  await step('redirect on the same origin', async () => {
    const moved = new TodoClient({ baseUrl: `${quirksUrl}/moved`, retry: 0 })
    // A browser hides where a redirect leads, so there the SDK refuses every one.
    if (globalThis.document) {
      const error = await rejectionOf(moved.todos.list())
      check(isRedirectError(error), `a browser's hidden redirect is refused, not ${error}`)
    } else {
      const listed = await moved.todos.list()
      check(listed.length === 0, 'a redirect on the same origin is followed')
    }
  })
  await step('Retry-After beyond the cap', async () => {
    const counter = countingFetch()
    const patient = new TodoClient({ baseUrl: `${quirksUrl}/year`, fetch: counter.fetch })
    const error = await rejectionOf(patient.todos.list())
    check(isServerError(error), `a 503 asking for a year is thrown at once, not ${error}`)
    check(error.headers.get('retry-after') === '31536000', 'the error carries its Retry-After')
    check(counter.attempts === 1, `it is not retried (${counter.attempts} attempts)`)
  })
  await step('paging loop', async () => {
    const looping = new TodoClient({ baseUrl: `${quirksUrl}/loop`, retry: 0 })
    let seen = 0
    const walk = async () => {
      for await (const _ of looping.todos.iterate()) if (++seen === 100) break
    }
    const error = await rejectionOf(walk())
    check(isPagingError(error), `a next link that goes round stops the walk, not ${error}`)
  })
  await step('accepts problem details', async () => {
    const negotiating = new TodoClient({ baseUrl: `${quirksUrl}/negotiate`, retry: 0 })
    const error = await rejectionOf(negotiating.todos.get(9))
    check(isNotFoundError(error), `a server that negotiates sends its 404, not ${error}`)
  })
  return { runtime: describeRuntime(), steps }
}
