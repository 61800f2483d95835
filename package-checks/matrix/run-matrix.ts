import buildPackages from '../../scripts/lib/build-packages.ts'
import { fromRoot } from '../../scripts/lib/paths.ts'
import {
  runToCompletion,
  type ServerProcess,
  startServerProcess,
} from '../../scripts/lib/processes.ts'
import { chromiumSkipReason } from '../lib/chromium.ts'
import { runSmokeInChromium, type SmokeUrls, serveSmokePage } from './chromium-smoke.ts'
import { closedPortUrl } from './closed-port.ts'
import { type QuirksServer, serveQuirks } from './quirks-server.ts'
import {
  ensureRuntimes,
  type Runtime,
  type RuntimeSource,
  runtimeBin,
  skipReason,
} from './runtimes.ts'

/** One cell of the matrix: the SDK in one runtime against the server in another. */
export interface MatrixRow {
  client: string
  server: string
  ok: boolean
  /** Passed steps, or why the row failed or was skipped. */
  detail: string
  skipped?: boolean
}

const SMOKE_CLI = fromRoot('package-checks', 'matrix', 'sdk-smoke-cli.js')
const SERVE_APP = fromRoot('package-checks', 'matrix', 'serve-app.js')
const SERVER_CLI = fromRoot('reference-server', 'dist', 'cli.js')
const CONFORMANCE_CLI = fromRoot('conformance', 'dist', 'cli.js')
const DENO_FLAGS = ['run', '--allow-net=127.0.0.1', '--allow-env', '--allow-read']

/** `1.4.5` from `bun --version`, `2.9.6` from `deno --version`'s first line. */
async function runtimeVersion(command: string): Promise<string> {
  const { stdout } = await runToCompletion(command, ['--version'])
  return /\d+\.\d+\.\d+/.exec(stdout)?.[0] ?? 'unknown version'
}

/** Runs the SDK smoke program under `command` against the server, closed port and quirks. */
async function smoke(command: string, args: string[], urls: SmokeUrls) {
  const { baseUrl, closedUrl, quirksUrl } = urls
  const run = await runToCompletion(command, [...args, SMOKE_CLI, baseUrl, closedUrl, quirksUrl], {
    cwd: fromRoot(),
    timeoutMs: 60_000,
  })
  const line = run.stdout.trim().split('\n').at(-1) ?? ''
  try {
    return JSON.parse(line) as { ok: boolean; runtime: string; steps?: string[]; error?: string }
  } catch {
    return { ok: false, runtime: command, error: `${run.stdout}\n${run.stderr}`.trim() }
  }
}

function toRow(
  server: string,
  result: { ok: boolean; runtime: string; steps?: string[]; error?: string },
): MatrixRow {
  return {
    client: result.runtime,
    server,
    ok: result.ok,
    detail: result.ok ? (result.steps ?? []).join(', ') : (result.error ?? 'failed'),
  }
}

/** The whole conformance catalogue (strict, every capability) against `baseUrl`. */
async function conformanceRow(server: string, baseUrl: string): Promise<MatrixRow> {
  const args = [CONFORMANCE_CLI, baseUrl, '--strict', '--capabilities', 'all', '--reporter', 'json']
  const run = await runToCompletion(process.execPath, args, { timeoutMs: 60_000 })
  const client = `todokit-conformance (Node ${process.versions.node})`
  try {
    const report = JSON.parse(run.stdout) as { ok: boolean; summary: Record<string, number> }
    const { passed, failed, skipped } = report.summary
    const detail = `${passed} checks passed, ${failed} failed, ${skipped} skipped`
    return { client, server, ok: run.code === 0 && report.ok, detail }
  } catch {
    return { client, server, ok: false, detail: `${run.stdout}\n${run.stderr}`.trim() }
  }
}

async function withServer<T>(start: Promise<ServerProcess>, use: (s: ServerProcess) => Promise<T>) {
  const server = await start
  try {
    return await use(server)
  } finally {
    await server.stop()
  }
}

/**
 * The runtime matrix: the SDK (built dist) in Node 22, Node 24, Bun, Deno and Chromium against
 * the reference server on Node 24; then the reference server's fetch handler served by Bun and
 * by Deno, each checked with the SDK on Node 24 and the whole conformance catalogue.
 */
export async function runMatrix(): Promise<MatrixRow[]> {
  buildPackages()
  const sources = await ensureRuntimes()
  const quirks = await serveQuirks()
  try {
    return await runRows(sources, quirks)
  } finally {
    await quirks.close()
  }
}

/** The rows, with the runtimes installed and the quirks server up. */
async function runRows(
  sources: Record<Runtime, RuntimeSource>,
  quirks: QuirksServer,
): Promise<MatrixRow[]> {
  const urlsFor = async (baseUrl: string): Promise<SmokeUrls> => ({
    baseUrl,
    closedUrl: await closedPortUrl(),
    quirksUrl: quirks.url,
  })
  const rows: MatrixRow[] = []
  const node24 = process.execPath
  const nodeServer = `Node ${process.versions.node} (todokit-server)`
  const client = `Node ${process.versions.node}`
  // Node 24 is this process; the others come from package-checks/runtimes when the host has a build.
  const clients: Array<{ name: string; runtime?: Runtime; args?: string[] }> = [
    { name: 'Node 22', runtime: 'node' },
    { name: 'Node 24' },
    { name: 'Bun', runtime: 'bun' },
    { name: 'Deno', runtime: 'deno', args: DENO_FLAGS },
  ]

  const chromiumSkip = chromiumSkipReason()
  // The browser loads the SDK from its own origin, so the server must allow it (CORS).
  const page = await serveSmokePage()
  try {
    await withServer(
      startServerProcess(node24, [SERVER_CLI, '--port', '0', '--quiet', '--cors', page.url]),
      async ({ url }) => {
        for (const { name, runtime, args = [] } of clients) {
          const skip = runtime && skipReason(sources, runtime)
          const command = runtime ? runtimeBin(runtime) : node24
          rows.push(
            skip
              ? skippedRow(name, nodeServer, skip)
              : toRow(nodeServer, await smoke(command, args, await urlsFor(url))),
          )
        }
        rows.push(
          chromiumSkip
            ? skippedRow('Chromium', nodeServer, chromiumSkip)
            : toRow(nodeServer, await runSmokeInChromium(page.url, await urlsFor(url))),
        )
      },
    )
  } finally {
    await page.close()
  }

  const served = [
    ['Bun.serve', 'Bun', 'bun', [SERVE_APP]],
    ['Deno.serve', 'Deno', 'deno', [...DENO_FLAGS, SERVE_APP]],
  ] as const
  for (const [serve, name, runtime, args] of served) {
    const skip = skipReason(sources, runtime)
    if (skip) {
      const server = `${name} (${serve})`
      rows.push(
        skippedRow(client, server, skip),
        skippedRow(`todokit-conformance (${client})`, server, skip),
      )
      continue
    }
    const command = runtimeBin(runtime)
    const version = await runtimeVersion(command)
    await withServer(
      startServerProcess(command, [...args], { cwd: fromRoot() }),
      async ({ url }) => {
        const server = `${name} ${version} (${serve})`
        rows.push(toRow(server, await smoke(node24, [], await urlsFor(url))))
        rows.push(await conformanceRow(server, url))
      },
    )
  }
  return rows
}

/** A row that did not run on this machine, with the reason. */
function skippedRow(client: string, server: string, detail: string): MatrixRow {
  return { client, server, ok: true, skipped: true, detail }
}

/** The matrix as a Markdown table. */
export function formatMatrix(rows: MatrixRow[]): string {
  const lines = ['| SDK runs in | Server runs in | Result | Steps |', '|---|---|---|---|']
  for (const row of rows) {
    const result = row.skipped ? 'skipped' : row.ok ? 'pass' : 'FAIL'
    lines.push(
      `| ${row.client} | ${row.server} | ${result} | ${row.detail.replaceAll('\n', ' ')} |`,
    )
  }
  return lines.join('\n')
}
