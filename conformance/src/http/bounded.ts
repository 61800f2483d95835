import type { HttpConfig } from './client.ts'
import { RequestTimeoutError } from './errors.ts'

/**
 * What to do for each request in flight when a run's signal aborts. One listener per signal
 * serves them all: one per request would pass Node's limit of ten listeners per signal and
 * print a MaxListenersExceededWarning in the middle of the report.
 */
const inFlight = new WeakMap<AbortSignal, Set<() => void>>()

function onAbort(signal: AbortSignal, callback: () => void): () => void {
  let callbacks = inFlight.get(signal)
  if (callbacks === undefined) {
    const created = new Set<() => void>()
    callbacks = created
    inFlight.set(signal, created)
    signal.addEventListener(
      'abort',
      () => {
        for (const call of created) call()
      },
      { once: true },
    )
  }
  callbacks.add(callback)
  return () => callbacks.delete(callback)
}

/** Runs `work` under the timeout and the run's signal, whichever ends first. */
export async function bounded<T>(
  work: () => Promise<T>,
  config: Pick<HttpConfig, 'timeout' | 'signal'>,
  controller: AbortController,
  what: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let forget = () => {}
  const limits = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new RequestTimeoutError(`${what} got no answer within ${config.timeout} ms`))
    }, config.timeout)
    const interrupt = () => {
      controller.abort()
      reject(new Error(`${what} was interrupted`))
    }
    if (config.signal?.aborted) interrupt()
    else if (config.signal) forget = onAbort(config.signal, interrupt)
  })
  // An in-process app may ignore the abort signal; racing keeps the kit from waiting on it.
  const attempt = work()
  attempt.catch(() => {})
  try {
    return await Promise.race([attempt, limits])
  } finally {
    clearTimeout(timer)
    forget()
  }
}
