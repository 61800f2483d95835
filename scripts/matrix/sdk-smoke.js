// The SDK's integration check, runnable unchanged in Node, Bun, Deno and a browser: plain ESM,
// no runtime API, only `@todokit/sdk` (its built dist, as a consumer gets it) and fetch.
import { isAbortError, isNetworkError, isTodoApiError, TodoClient } from '@todokit/sdk'

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

/**
 * Performs the six operations, the error paths and an abort against a todos server at `baseUrl`, checking
 * every answer, then a call to `closedUrl`, where nothing listens. Touches only the record it creates.
 *
 * @param {string} baseUrl a todos server
 * @param {string} closedUrl a URL whose connection is refused
 * @returns {Promise<{ runtime: string, steps: string[] }>} the steps that passed
 * @throws the first failed step
 */
export async function runSdkSmoke(baseUrl, closedUrl) {
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
    const error = await client.todos.create({ id: todo.id, content: marker }).then(
      () => undefined,
      (caught) => caught,
    )
    check(isTodoApiError(error) && error.status === 409, 'creating a taken id is a 409')
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
  await step('delete', async () => {
    await client.todos.delete(todo.id)
    const left = await client.todos.list({ q: marker })
    check(left.length === 0, 'a deleted todo is absent from the list')
  })
  await step('404 error', async () => {
    const error = await client.todos.get(todo.id).then(
      () => undefined,
      (caught) => caught,
    )
    check(isTodoApiError(error), 'get of a deleted todo throws a TodoApiError')
    check(error.status === 404 && error.statusText === 'Not Found', 'the error names 404 Not Found')
  })
  await step('abort', async () => {
    const controller = new AbortController()
    const pending = client.todos.list(undefined, { signal: controller.signal })
    controller.abort()
    const error = await pending.then(
      () => undefined,
      (caught) => caught,
    )
    check(isAbortError(error), "the caller's abort rejects with the SDK's AbortError")
  })
  await step('network error', async () => {
    // Each runtime words a refused connection its own way (Bun's is not ky's); the SDK must still
    // report it as a NetworkError and retry the GET.
    let attempts = 0
    const unreachable = new TodoClient({
      baseUrl: closedUrl,
      retry: { limit: 1, delay: () => 0 },
      fetch: (request, init) => {
        attempts += 1
        return fetch(request, init)
      },
    })
    const error = await unreachable.todos.list().then(
      () => undefined,
      (caught) => caught,
    )
    check(isNetworkError(error), `a refused connection is a NetworkError, not ${error}`)
    check(attempts === 2, `a GET whose connection was refused is retried (${attempts} attempts)`)
  })
  return { runtime: describeRuntime(), steps }
}
