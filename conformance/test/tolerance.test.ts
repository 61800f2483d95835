import { describe, expect, it } from 'vitest'
import { type FetchLike, InvalidOptionsError, runConformance } from '../src/index.ts'
import { bodyOf, eachTodo, editJson, is, rewrite } from './defects.ts'
import { IN_PROCESS_URL, referenceApp } from './servers.ts'

/**
 * The reference server changed only where the contract leaves room: extra fields on every
 * todo, POST answering 200 rather than 201, DELETE answering 200 with a plain-text body.
 */
function lenientButConforming(inner: FetchLike): FetchLike {
  return async (request) => {
    const response = await inner(request)
    if (is(request, 'DELETE', 'record') && response.ok) {
      return new Response('deleted', { status: 200, headers: { 'content-type': 'text/plain' } })
    }
    const withExtras = await editJson(
      response,
      eachTodo((todo) => ('id' in todo ? { ...todo, owner: 'alice', tags: ['x'] } : todo)),
    )
    if (is(request, 'POST', 'list') && response.status === 201) {
      return new Response(withExtras.body, { status: 200, headers: withExtras.headers })
    }
    return withExtras
  }
}

describe('what the contract allows', () => {
  it('passes: extra fields, POST answering 200, DELETE answering 200 with any body', async () => {
    const { store, fetch } = referenceApp()
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: lenientButConforming(fetch),
      capabilities: 'all',
      strict: true,
    })
    expect(report.checks.filter((check) => check.status === 'failed')).toEqual([])
    expect([...store]).toEqual([])
  })

  it('passes a server that stores a number sent as content as its decimal text, as Django REST Framework does', async () => {
    const { store, fetch } = referenceApp()
    const coercing: FetchLike = async (request) => {
      const body = await bodyOf(request)
      const sent = body?.content
      if (typeof sent !== 'number' || !Number.isFinite(sent)) return fetch(request)
      return fetch(rewrite(request, { body: { ...body, content: String(sent) } }))
    }
    const report = await runConformance({
      baseUrl: IN_PROCESS_URL,
      fetch: coercing,
      capabilities: 'all',
      strict: true,
    })
    expect(report.checks.filter((check) => check.status === 'failed')).toEqual([])
    expect([...store]).toEqual([])
  })

  it('refuses a selection that matches no check rather than passing vacuously', async () => {
    const { fetch } = referenceApp()
    await expect(
      runConformance({ baseUrl: IN_PROCESS_URL, fetch, only: ['typo.*'] }),
    ).rejects.toThrow(InvalidOptionsError)
  })
})
