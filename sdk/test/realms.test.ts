import { createContext, runInContext } from 'node:vm'
import { build } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  isAbortError,
  isNetworkError,
  isTimeoutError,
  isTodoApiError,
  isTodoClientError,
  NotFoundError,
  ServerError,
  TodoApiError,
} from '../src/index.ts'
import { isErrorType } from '../src/internal.ts'

/**
 * A second realm (a `node:vm` context, with its own `Error`, `Object` and `Symbol`) holding the
 * SDK's real error classes, bundled from the sources and evaluated there. Only `Headers`, which
 * is not part of JavaScript itself, is lent from this realm.
 */
async function errorsInAnotherRealm() {
  const bundle = await build({
    stdin: {
      contents: "export * from '../src/errors/index.ts'",
      resolveDir: import.meta.dirname,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'errors',
    logLevel: 'silent',
  })
  const realm = createContext({ Headers })
  runInContext(bundle.outputFiles[0]?.text ?? '', realm)
  return (code: string): unknown => runInContext(code, realm)
}

describe('the guards across realms', () => {
  let evaluate: (code: string) => unknown
  beforeAll(async () => {
    evaluate = await errorsInAnotherRealm()
  })
  const request = "{ method: 'GET', url: 'http://127.0.0.1:3000/todos/9' }"

  it('work on errors made in another realm, where instanceof fails', () => {
    const notFound = evaluate(`new errors.NotFoundError({ ...${request}, status: 404 })`)
    const network = evaluate(
      `new errors.NetworkError({ ...${request}, cause: new TypeError('fetch failed') })`,
    )
    expect(
      evaluate('new errors.NotFoundError({ url: "", method: "", status: 404 }) instanceof Error'),
    ).toBe(true)
    expect(notFound instanceof Error).toBe(false)
    expect(notFound instanceof TodoApiError).toBe(false)
    expect(isTodoApiError(notFound)).toBe(true)
    expect(isTodoClientError(notFound)).toBe(true)
    expect(isErrorType(notFound, NotFoundError)).toBe(true)
    expect(isErrorType(notFound, ServerError)).toBe(false)
    expect(isNetworkError(notFound)).toBe(false)
    expect(isNetworkError(network)).toBe(true)
    expect(isTodoApiError(network)).toBe(false)
    expect(
      isAbortError(evaluate(`new errors.AbortError({ ...${request}, cause: undefined })`)),
    ).toBe(true)
    expect(
      isTimeoutError(evaluate(`new errors.TimeoutError({ ...${request}, timeout: 10 })`)),
    ).toBe(true)
  })

  it('reject look-alikes from another realm that lack the brand', () => {
    const lookalikes = [
      // Same name, message and fields, but not made by the SDK.
      evaluate("Object.assign(new Error('404 Not Found'), { name: 'NotFoundError', status: 404 })"),
      evaluate("Object.assign(new TypeError('fetch failed'), { name: 'NetworkError' })"),
      // A symbol with the brand's description that is not the registry's `Symbol.for` key.
      evaluate("({ [Symbol('todokit.error')]: 'TodoApiError', status: 404 })"),
    ]
    for (const value of lookalikes) {
      expect(isTodoClientError(value)).toBe(false)
      expect(isTodoApiError(value)).toBe(false)
      expect(isNetworkError(value)).toBe(false)
    }
  })
})
