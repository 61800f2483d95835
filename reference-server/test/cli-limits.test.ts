import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BAD_INPUTS, probeBadInputs } from './floor/bad-input.ts'
import { type CliServer, startCli } from './floor/cli-server.ts'
import {
  idleConnections,
  PIPELINED_IN_ORDER,
  pipelinedWrites,
  SHORT_LIMIT_FLAGS,
  SHORT_LIMITS,
  trickleBody,
} from './floor/connections.ts'
import { openConnection, statusCodes } from './raw-http.ts'

describe('todokit-server --data with short limits, from outside', () => {
  let directory: string
  let server: CliServer

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'todokit-limits-'))
    const data = join(directory, 'todos.db')
    server = await startCli(['--data', data, '--port', '0', '--quiet', ...SHORT_LIMIT_FLAGS])
  })

  afterAll(async () => {
    await server?.kill()
    await rm(directory, { recursive: true, force: true })
  })

  it('refuses every input of the bad-input probe with its 4xx problem', async () => {
    const result = await probeBadInputs(server.url)
    expect(result.failures).toEqual([])
    expect(result).toMatchObject({ passed: BAD_INPUTS.length, total: 40 })
  })

  it('answers 408 to a body that trickles in past --request-timeout, and stores nothing', async () => {
    const result = await trickleBody(server.url)
    expect(result.statuses).toEqual([408])
    expect(result.bytesSent).toBeLessThan(result.bodyBytes)
    expect(result.stored).toBe(false)
  })

  it('answers 408 to headers that stall past --headers-timeout', async () => {
    const connection = await openConnection(server.url)
    connection.socket.write('GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    expect(statusCodes(await connection.closed)).toEqual([408])
  })

  it('holds no more idle connections than --max-connections, reclaims them, then serves', async () => {
    const { maxConnections, headersTimeout } = SHORT_LIMITS
    const result = await idleConnections(server.url, maxConnections, headersTimeout)
    expect(result.held).toBeLessThanOrEqual(maxConnections)
    expect(result.reclaimed).toBe(true)
    expect(result.served).toBe(200)
  })

  it('applies writes pipelined on one connection in the order they were sent', async () => {
    const result = await pipelinedWrites(server.url)
    expect(result.statuses).toEqual(PIPELINED_IN_ORDER)
    expect(result.gone).toBe(true)
  })
})

describe('todokit-server limit flags', () => {
  it('refuses a bad limit with exit code 2, naming the flag', async () => {
    await expect(startCli(['--port', '0', '--max-connections', 'many'])).rejects.toThrow(
      /exited with 2: [\s\S]*--max-connections must be a whole number from 1, got "many"/,
    )
  })
})
