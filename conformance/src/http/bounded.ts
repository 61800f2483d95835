import type { HttpConfig } from './client.ts'
import { RequestTimeoutError } from './errors.ts'

/** Runs `work` under the timeout and the run's signal, whichever ends first. */
export async function bounded<T>(
  work: () => Promise<T>,
  config: Pick<HttpConfig, 'timeout' | 'signal'>,
  controller: AbortController,
  what: string,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const limits = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort()
      reject(new RequestTimeoutError(`${what} got no answer within ${config.timeout} ms`))
    }, config.timeout)
    onAbort = () => {
      controller.abort()
      reject(new Error(`${what} was interrupted`))
    }
    if (config.signal?.aborted) onAbort()
    config.signal?.addEventListener('abort', onAbort, { once: true })
  })
  // An in-process app may ignore the abort signal; racing keeps the kit from waiting on it.
  const attempt = work()
  attempt.catch(() => {})
  try {
    return await Promise.race([attempt, limits])
  } finally {
    clearTimeout(timer)
    if (onAbort) config.signal?.removeEventListener('abort', onAbort)
  }
}
