import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url))
const BIN = fileURLToPath(new URL('../bin/todokit-server.js', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../sample-todos.json', import.meta.url))

interface Cli {
  child: ChildProcess
  url: string
  output: string[]
  exited: Promise<number | null>
}

const running: ChildProcess[] = []

/** Runs the CLI from source with this test's Node (24, which strips types). */
function run(args: string[]): {
  child: ChildProcess
  output: string[]
  exited: Promise<number | null>
} {
  const child = spawn(process.execPath, ['--conditions=@todokit/source', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  const output: string[] = []
  const collect = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, output, exited }
}

/** Starts the CLI and resolves once it printed where it listens. */
async function start(args: string[]): Promise<Cli> {
  const cli = run(['--port', '0', ...args])
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const line = cli.output.find((candidate) => candidate.startsWith('listening on '))
      if (line) resolve(line.slice('listening on '.length))
    }
    cli.child.stdout?.on('data', check)
    cli.exited.then((code) => reject(new Error(`exited with ${code}: ${cli.output.join('\n')}`)))
  })
  return { ...cli, url }
}

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

const directories: string[] = []
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true })
})

describe('todokit-server', () => {
  it('listens on 127.0.0.1 with --port 0 and serves the API', async () => {
    const cli = await start(['--quiet'])
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const created = await fetch(`${cli.url}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'over a socket' }),
    })
    expect(created.status).toBe(201)
    expect(await (await fetch(`${cli.url}/todos`)).json()).toEqual([
      { id: 1, content: 'over a socket', completed: false },
    ])
  })

  it('logs one line per request with method, path, status and time', async () => {
    const cli = await start([])
    await fetch(`${cli.url}/todos/7?x=1`)
    await expect
      .poll(() => cli.output.find((line) => line.startsWith('GET ')))
      .toMatch(/^GET \/todos\/7\?x=1 400 \d+\.\dms$/)
  })

  it('logs nothing per request with --quiet', async () => {
    const cli = await start(['--quiet'])
    await fetch(`${cli.url}/todos`)
    cli.child.kill('SIGTERM')
    await cli.exited
    expect(cli.output.filter((line) => line.startsWith('GET '))).toEqual([])
  })

  it('loads the todos of a --seed file, such as the sample the package ships', async () => {
    const cli = await start(['--seed', SAMPLE, '--quiet'])
    const todos = (await (await fetch(`${cli.url}/todos`)).json()) as unknown[]
    expect(todos).toEqual(JSON.parse(await readFile(SAMPLE, 'utf8')))
  })

  it('loads json-server’s { "todos": [...] } and names the file and the field of a bad todo', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-cli-'))
    directories.push(directory)
    const seed = join(directory, 'db.json')
    const todos = [{ content: 'fine' }, { content: 'bad', completed: 'yes' }]
    await writeFile(seed, JSON.stringify({ posts: [[1]], todos }, null, 2))
    const cli = run(['--seed', seed, '--port', '0'])
    expect(await cli.exited).toBe(1)
    expect(cli.output.join('\n')).toContain(
      `${seed}: /todos/1/completed: Invalid input: expected boolean`,
    )
  })

  it('refuses creates past --max-todos with 409', async () => {
    const cli = await start(['--max-todos', '1', '--quiet'])
    const create = () =>
      fetch(`${cli.url}/todos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'one' }),
      })
    expect((await create()).status).toBe(201)
    expect((await create()).status).toBe(409)
  })

  it("allows any origin with --cors '*'", async () => {
    const cli = await start(['--cors', '*', '--quiet'])
    const response = await fetch(`${cli.url}/todos`, { headers: { origin: 'http://any.test' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('allows the --cors origin', async () => {
    const cli = await start(['--cors', 'http://app.test', '--quiet'])
    const response = await fetch(`${cli.url}/todos`, { headers: { origin: 'http://app.test' } })
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.test')
  })

  it.each(['SIGINT', 'SIGTERM'] as const)('exits 0 on %s', async (signal) => {
    const cli = await start(['--quiet'])
    cli.child.kill(signal)
    expect(await cli.exited).toBe(0)
  })

  it('keeps todos in the --data file across restarts', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-cli-'))
    directories.push(directory)
    const data = join(directory, 'todos.db')
    const first = await start(['--data', data, '--quiet'])
    await fetch(`${first.url}/todos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'durable' }),
    })
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    const second = await start(['--data', data, '--quiet'])
    expect(await (await fetch(`${second.url}/todos`)).json()).toEqual([
      { id: 1, content: 'durable', completed: false },
    ])
  })

  it('refuses to start over a data file it cannot read, naming it, with exit code 1', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-cli-'))
    directories.push(directory)
    const data = join(directory, 'todos.json')
    await writeFile(data, '{"todos": []}')
    const cli = run(['--data', data, '--port', '0'])
    expect(await cli.exited).toBe(1)
    expect(cli.output.join('\n')).toContain(data)
    expect(cli.output.join('\n')).not.toMatch(/listening on/)
  })

  it('creates no data file when it cannot listen', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'todokit-cli-'))
    directories.push(directory)
    const busy = await start(['--quiet'])
    const cli = run(['--data', join(directory, 'todos.db'), '--port', new URL(busy.url).port])
    expect(await cli.exited).toBe(1)
    expect(cli.output.join('\n')).toMatch(/cannot listen on 127\.0\.0\.1:\d+/)
    expect(await readdir(directory)).toEqual([])
  })

  it('names the --public-url in /openapi.json', async () => {
    const cli = await start(['--public-url', 'https://todos.example.com/api', '--quiet'])
    const document = await (await fetch(`${cli.url}/openapi.json`)).json()
    expect(document.servers).toEqual([{ url: 'https://todos.example.com/api' }])
    const bad = run(['--public-url', 'todos.example.com'])
    expect(await bad.exited).toBe(2)
    expect(bad.output[0]).toBe(
      'todokit-server: --public-url must be an absolute URL, got "todos.example.com"',
    )
  })

  // Any Node older than the requirement does: the machine's own, when it has one.
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    const version = spawnSync(path, ['--version'], { encoding: 'utf8' }).stdout ?? ''
    return /^v(1\d|20|21)\./.test(version)
  })
  it.skipIf(olderNode === undefined)('exits 2 on an older Node, naming the one it needs', () => {
    const ran = spawnSync(olderNode ?? '', [BIN, '--help'], { encoding: 'utf8' })
    expect(ran.status).toBe(2)
    expect(ran.stderr).toMatch(/^todokit-server: needs Node \^22\.13\.0 \|\| >=23\.4\.0, but /)
  })

  it('prints help and exits 0 with --help', async () => {
    const cli = run(['--help'])
    expect(await cli.exited).toBe(0)
    expect(cli.output.join('\n')).toMatch(/Usage: todokit-server[\s\S]*--port[\s\S]*--data/)
  })

  it('fails the same share of requests for the same --fault-seed, storing none of them', async () => {
    const statuses = async (seed: string) => {
      const cli = await start(['--failure-rate', '0.5', '--fault-seed', seed, '--quiet'])
      await expect
        .poll(() => cli.output)
        .toContain(`faults on purpose: 0 ms latency, failure rate 0.5 (seed ${seed})`)
      const seen = []
      for (let call = 0; call < 12; call++) {
        const response = await fetch(`${cli.url}/todos`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: `call ${call}` }),
        })
        seen.push(response.status)
        if (response.status === 503) {
          expect(response.headers.get('content-type')).toBe('application/problem+json')
        }
      }
      // The list may be failed too: read it until it answers.
      let list: Response
      do list = await fetch(`${cli.url}/todos`)
      while (list.status === 503)
      const stored = ((await list.json()) as unknown[]).length
      expect(stored).toBe(seen.filter((status) => status === 201).length)
      return seen.join(' ')
    }
    const first = await statuses('3')
    expect(first).toMatch(/503.*201|201.*503/)
    expect(await statuses('3')).toBe(first)
  })

  it('honours Prefer: code=503 and Prefer: drop on the wire, logging the drop as 499', async () => {
    const cli = await start([])
    const failed = await fetch(`${cli.url}/todos`, {
      headers: { prefer: 'code=503, retry-after=0' },
    })
    expect(failed.status).toBe(503)
    expect(failed.headers.get('retry-after')).toBe('0')
    await expect(fetch(`${cli.url}/todos`, { headers: { prefer: 'drop' } })).rejects.toThrow(
      'fetch failed',
    )
    expect((await fetch(`${cli.url}/todos`)).status).toBe(200)
    await expect
      .poll(() => cli.output.filter((line) => line.startsWith('GET /todos ')))
      .toEqual([
        expect.stringMatching(/^GET \/todos 503 /),
        expect.stringMatching(/^GET \/todos 499 /),
        expect.stringMatching(/^GET \/todos 200 /),
      ])
  })

  it.each([
    ['--latency', 'soon'],
    ['--failure-rate', '1.5'],
    ['--failure-rate', '10%'],
    ['--fault-seed', 'x1'],
  ])('refuses %s %s with a usage error naming the flag', async (flag, value) => {
    const cli = run([flag, value])
    expect(await cli.exited).toBe(2)
    expect(cli.output[0]).toMatch(new RegExp(`^todokit-server: ${flag} must be`))
  })

  it.each([['--bogus'], ['--port', 'abc'], ['--port', '70000'], ['stray']])(
    'refuses %j with a usage error and exit code 2',
    async (...args) => {
      const cli = run(args)
      expect(await cli.exited).toBe(2)
      expect(cli.output.join('\n')).toMatch(/Usage: todokit-server/)
    },
  )
})
