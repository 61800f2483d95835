import { describe, expect, it } from 'vitest'
import { curlCommand } from './exchange.ts'

describe('curlCommand', () => {
  it('replays method, URL, headers and body, quoting single quotes for the shell', () => {
    expect(
      curlCommand({
        method: 'PATCH',
        url: 'http://localhost:3000/todos/7',
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: `{"content":"it's"}`,
        durationMs: 1,
      }),
    ).toBe(
      `curl -i -X PATCH 'http://localhost:3000/todos/7' -H 'content-type: application/json' --data-raw '{"content":"it'\\''s"}'`,
    )
  })
})
