import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, listen, MemoryStore } from '@todokit/reference-server'
import { afterAll, describe, expect, it } from 'vitest'
import { binaryPath, hostTarget } from '../../conformance/scripts/binary.ts'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { type Completed, runToCompletion } from '../../scripts/lib/processes.ts'
import { closedPortUrl } from '../matrix/closed-port.ts'
import { currentHost, isCiPlatform } from '../matrix/runtimes.ts'

const target = hostTarget(currentHost())
const binary = binaryPath(target ?? 'bun-linux-x64')
// Built wherever the matrix has a Bun; on CI's platform, always (the build fails otherwise).
const built = target !== undefined && (existsSync(binary) || isCiPlatform(currentHost()))

// The binary runs from here, with a PATH of one empty directory: no node, npx or anything else.
const work = mkdtempSync(join(tmpdir(), 'todokit-binary-'))
const emptyPath = join(work, 'empty-path')
mkdirSync(emptyPath)
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The standalone executable, run as an implementer without Node runs it. */
function runBinary(args: string[]): Promise<Completed> {
  return runToCompletion(binary, args, {
    cwd: work,
    env: { PATH: emptyPath, HOME: work },
    timeoutMs: 110_000,
  })
}

/** The npm CLI: the bin npm links, under the Node that runs todokit's tests. */
function runNpmCli(args: string[]): Promise<Completed> {
  return runToCompletion(
    process.execPath,
    [fromRoot('conformance', 'bin', 'todokit-conformance.js'), ...args],
    { cwd: work, timeoutMs: 110_000 },
  )
}

/**
 * Runs the CLI against a fresh reference server of its own, which `defect` may break, and stops
 * the server: each run meets the same empty store, so with the same seed it sends the same
 * requests.
 */
async function againstFreshServer(
  run: (args: string[]) => Promise<Completed>,
  args: string[],
  defect = false,
): Promise<Completed & { url: string }> {
  const app = createApp({ store: new MemoryStore(), onError: () => {} })
  // A PATCH answered with the record as it was, changing nothing: broken the same way every run.
  const fetch = (request: Request) =>
    defect && request.method === 'PATCH'
      ? app.fetch(new Request(request.url, { headers: request.headers }))
      : app.fetch(request)
  const server = await listen({ fetch }, { port: 0 })
  try {
    return { ...(await run([server.url, ...args])), url: server.url }
  } finally {
    await server.close()
  }
}

/**
 * A report less what honestly differs between two runs of the same code on fresh servers: the
 * port of the server, the run's marker and the ids the kit chose for its records (both random per
 * run, so that two runs never touch each other's records), here replaced by the order in which
 * the report first names each id, the times (when the run started, how long it and each
 * exchange took), and the github reporter's stop-commands token.
 */
function normalise(text: string, url: string): string {
  const ids = new Map<string, string>()
  const idOf = (id: string) => {
    if (!ids.has(id)) ids.set(id, `ID${ids.size}`)
    return ids.get(id) ?? id
  }
  return (
    text
      // The github reporter's stop-commands token, unguessable by design, before any digits in
      // it are taken for an id.
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, 'TOKEN')
      .replace(/\b\d{7,}\b/g, idOf)
      .replace(new RegExp(`\\b${new URL(url).port}\\b`, 'g'), 'PORT')
      .replace(/\btk[a-z0-9]{6}\b/g, 'tkMARKER')
      .replace(/\b\d+ ms\b|time="[\d.]+"|timestamp="[^"]+"/g, 'TIME')
  )
}

/**
 * The JSON report, {@link normalise}d, without its times, and without each response's Date and
 * ETag (the server's hash of a record, which holds the marker).
 */
function comparable(stdout: string, url: string): unknown {
  return JSON.parse(normalise(stdout, url), (key, value) =>
    ['startedAt', 'durationMs', 'date', 'etag'].includes(key) ? undefined : value,
  )
}

describe.skipIf(!built)(`the standalone executable (${target ?? 'no Bun target here'})`, () => {
  it('was built, named for its platform', () => {
    expect(binary).toMatch(/\/conformance\/binaries\/todokit-conformance-\w+-\w+/)
    expect(existsSync(binary), `${binary}: run npm run binary -w @todokit/conformance`).toBe(true)
  })

  it('prints the same --help, --list and --version as the npm CLI, without Node on PATH', async () => {
    for (const args of [['--help'], ['--list'], ['--version']]) {
      const [standalone, npm] = await Promise.all([runBinary(args), runNpmCli(args)])
      expect(standalone.code, standalone.stderr).toBe(0)
      expect(standalone.stdout).toBe(npm.stdout)
      expect(standalone.stdout).toMatch(
        args[0] === '--version' ? /^\d+\.\d+\.\d+\n$/ : /\n.*\n.*\n/,
      )
    }
  })

  it('gives the same usage errors, with exit code 2', async () => {
    for (const args of [['--no-such-flag'], ['--seed', 'x', 'http://127.0.0.1:1']]) {
      const [standalone, npm] = await Promise.all([runBinary(args), runNpmCli(args)])
      expect(standalone.code, args.join(' ')).toBe(2)
      expect(npm.code, args.join(' ')).toBe(2)
      expect(standalone.stderr).toBe(npm.stderr)
    }
  })

  it('exits 2 for a server that does not answer, as the npm CLI does, giving the runtime’s reason', async () => {
    const url = await closedPortUrl()
    const [standalone, npm] = await Promise.all([runBinary([url]), runNpmCli([url])])
    // The words in brackets are the runtime's own: Bun's fetch and Node's name it differently.
    const shape = (stderr: string) =>
      stderr.replace(/ \(.*\)\. Is the server running/, ' (REASON). Is the server running')
    expect(standalone.code).toBe(2)
    expect(npm.code).toBe(2)
    expect(shape(standalone.stderr)).toBe(shape(npm.stderr))
    expect(shape(npm.stderr)).toBe(
      `todokit-conformance: Cannot reach ${url}: Network error: GET ${url}/todos (REASON). Is the server running, and is the URL right?\n`,
    )
  })

  it.each([
    { server: 'the reference server', defect: false, code: 0, verdict: 'pass' },
    { server: 'a server whose PATCH changes nothing', defect: true, code: 1, verdict: 'fail' },
  ])(
    'judges $server as the npm CLI does: exit $code, the same JSON report',
    async ({ defect, code, verdict }) => {
      const args = ['--reporter', 'json', '--seed', '7', '--budget', '200', '--capabilities', 'all']
      const standalone = await againstFreshServer(runBinary, args, defect)
      const npm = await againstFreshServer(runNpmCli, args, defect)
      expect(standalone.code, standalone.stderr).toBe(code)
      expect(npm.code, npm.stderr).toBe(code)
      expect(JSON.parse(standalone.stdout)).toMatchObject({ verdict })
      expect(comparable(standalone.stdout, standalone.url)).toEqual(comparable(npm.stdout, npm.url))
    },
  )

  it('reports as the npm CLI does in every other format', async () => {
    for (const reporter of ['pretty', 'junit', 'github']) {
      const args = ['--reporter', reporter, '--seed', '3', '--budget', '100']
      const standalone = await againstFreshServer(runBinary, args, true)
      const npm = await againstFreshServer(runNpmCli, args, true)
      expect(standalone.code, reporter).toBe(1)
      expect(normalise(standalone.stdout, standalone.url)).toBe(normalise(npm.stdout, npm.url))
    }
  })
})
