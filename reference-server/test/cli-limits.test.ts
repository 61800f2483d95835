import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { openConnection, statusCodes } from './raw-http.ts'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const stops: (() => void)[] = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

/** Runs the CLI with `args`; resolves with its URL once it listens, or its output if it exits. */
function run(args: string[]): Promise<{ url?: string; code?: number | null; output: string }> {
  const child = spawn(process.execPath, ['--conditions=@todokit/source', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  stops.push(() => child.kill('SIGKILL'))
  let output = ''
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk
      const url = /listening on (\S+)/.exec(output)?.[1]
      if (url) resolve({ url, output })
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    child.once('exit', (code) => resolve({ code, output }))
  })
}

describe('todokit-server limit flags', () => {
  it('applies --headers-timeout: a request whose headers stall gets 408', async () => {
    const { url } = await run(['--port', '0', '--quiet', '--headers-timeout', '50'])
    const connection = await openConnection(url ?? '')
    connection.socket.write('GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    expect(statusCodes(await connection.closed)).toEqual([408])
  })

  it('refuses a bad limit with exit code 2, naming the flag', async () => {
    const { code, output } = await run(['--port', '0', '--max-connections', 'many'])
    expect(code).toBe(2)
    expect(output).toMatch(/--max-connections must be a whole number from 1, got "many"/)
  })
})
