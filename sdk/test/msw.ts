import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

/** Base URL the msw handlers answer on; nothing listens there for real. */
export const BASE_URL = 'http://todos.test'

/**
 * One msw server per test file; any request without a handler fails the test. msw 3 renamed
 * v2's `onUnhandledRequest` to `onUnhandledFrame`; the old name is silently ignored.
 */
export const server = setupServer()

/** Starts msw for the current test file and resets handlers between tests. */
export function useMsw(): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
}

/** A todo as a conforming server returns it. */
export function aTodo(overrides: Record<string, unknown> = {}) {
  return { id: 1, content: 'Buy milk', completed: false, ...overrides }
}
