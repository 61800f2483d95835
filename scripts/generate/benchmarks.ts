import { readFileSync } from 'node:fs'
import { type Results, SERVERS, type ServerName } from '../../reference-server/bench/results.ts'
import { fromRoot } from '../lib/paths.ts'

/** The benchmarks page and its chart, both generated from the bench's results file. */
export const BENCHMARKS_PAGE_PATH = 'docs/benchmarks.md'
export const BENCHMARKS_CHART_PATH = 'docs/benchmarks.svg'
const RESULTS_PATH = 'reference-server/bench/results.json'

const LABELS: Record<ServerName, string> = {
  reference: 'todokit-server',
  bare: 'bare node:http',
  hono: 'Hono alone',
  'json-server': 'json-server 0.17.4',
}
const COLOURS: Record<ServerName, string> = {
  reference: '#2563eb',
  bare: '#9ca3af',
  hono: '#6b7280',
  'json-server': '#f59e0b',
}

function readResults(): Results {
  return JSON.parse(readFileSync(fromRoot(RESULTS_PATH), 'utf8')) as Results
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US')
const ratio = (value: number) => `${value.toFixed(2)}×`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`
const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * A grouped bar chart of requests per second: one group per scenario, one bar per server, each
 * group scaled to its fastest server so small and large figures both stay readable.
 */
export async function renderBenchmarksChart(): Promise<string> {
  const { scenarios } = readResults()
  const width = 760
  const labelWidth = 150
  const barArea = width - labelWidth - 90
  const bar = 16
  const groupHeight = SERVERS.length * (bar + 4) + 34
  const height = 70 + scenarios.length * groupHeight
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12" role="img" aria-labelledby="title">`,
    `<title id="title">Requests per second of todokit-server, a bare node:http handler, Hono alone and json-server 0.17.4 per scenario</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="24" font-size="15" font-weight="600">Requests per second, higher is better (each scenario scaled to its fastest server)</text>`,
  ]
  SERVERS.forEach((server, index) => {
    const x = 16 + index * 190
    parts.push(
      `<rect x="${x}" y="36" width="12" height="12" fill="${COLOURS[server]}"/>`,
      `<text x="${x + 18}" y="46">${escapeXml(LABELS[server])}</text>`,
    )
  })
  scenarios.forEach((scenario, group) => {
    const top = 70 + group * groupHeight
    parts.push(`<text x="16" y="${top + 12}" font-weight="600">${escapeXml(scenario.name)}</text>`)
    const fastest = Math.max(...SERVERS.map((server) => scenario.results[server].rps))
    SERVERS.forEach((server, index) => {
      const y = top + 20 + index * (bar + 4)
      const { rps } = scenario.results[server]
      const length = Math.max(1, (rps / fastest) * barArea)
      parts.push(
        `<text x="${labelWidth - 8}" y="${y + 12}" text-anchor="end" fill="#374151">${escapeXml(LABELS[server])}</text>`,
        `<rect x="${labelWidth}" y="${y}" width="${length.toFixed(1)}" height="${bar}" fill="${COLOURS[server]}"/>`,
        `<text x="${(labelWidth + length + 6).toFixed(1)}" y="${y + 12}">${integer(rps)}</text>`,
      )
    })
  })
  parts.push('</svg>', '')
  return parts.join('\n')
}

function table(headers: string[], rows: string[][]): string {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n')
}

/** docs/benchmarks.md: the figures of the last `npm run bench`, with the chart. */
export async function renderBenchmarksPage(): Promise<string> {
  const results = readResults()
  const { machine, method } = results
  const scenarioRows = results.scenarios.map((scenario) => [
    scenario.name,
    ...SERVERS.map(
      (server) =>
        `${integer(scenario.results[server].rps)} req/s, p99 ${integer(scenario.results[server].p99)} ms`,
    ),
    ratio(scenario.ratios.oursToBare),
    ratio(scenario.ratios.honoToBare),
    ratio(scenario.ratios.oursToJsonServer),
  ])
  const durableRows = results.durable.map((row) => [
    row.server,
    integer(row.todos),
    `${integer(row.result.rps)} writes/s`,
    `${integer(row.result.p99)} ms`,
  ])
  const memoryRows = results.memory.map((row) => [
    row.server,
    integer(row.todos),
    mib(row.empty.rss),
    mib(row.seeded.rss),
    mib(row.seeded.heapUsed - row.empty.heapUsed),
  ])
  const storeWriteRows = results.storeWrites.map((row) => [
    integer(row.todos),
    integer(row.writers),
    integer(row.createsPerSecond),
    integer(row.commitsPerSecond),
    integer(row.writesPerCommit),
  ])
  return `<!-- Generated from ${RESULTS_PATH} by \`npm run docs:generate\`; a test fails when it is stale. -->

# Benchmarks

\`npm run bench\` starts the reference server and, in the same run, three baselines on 127.0.0.1:
a bare \`node:http\` handler over a \`Map\` doing the same work (the ceiling), the same work
routed by Hono and served by \`@hono/node-server\` (Hono alone: what the framework the server is
built on costs before any of its own work), and json-server 0.17.4. Each server runs alone in
its own process while autocannon loads it from the bench process, so each has one of the
machine's cores. The bench writes
\`${RESULTS_PATH}\`, and this page and its chart are generated from that file.

Measured on ${machine.cores} cores (${machine.cpu}) with ${machine.memoryGiB} GiB and Node ${String(machine.node).replace(/^v/, '')}: ${method.secondsPerMeasurement} s per measurement, the fastest of ${method.rounds} taken in turn with the other servers, ${method.connections} connections (${method.durableConnections} for durable writes). The machine is shared (load average ${machine.loadAverageAtStart} at the start, ${machine.loadAverageAtEnd} at the end), so read the ratios rather than the absolute figures.

![Requests per second per scenario and server](./benchmarks.svg)

## Requests per second and p99 latency

${table(['Scenario', ...SERVERS.map((server) => LABELS[server]), 'vs bare', 'Hono alone vs bare', 'vs json-server'], scenarioRows)}

## Durable writes (\`--data\`)

A 2xx from todokit-server means the write is committed to its SQLite file (WAL,
\`synchronous=FULL\`); json-server rewrites its whole file without syncing. The store size
should not change todokit's write rate.

${table(['Server', 'Todos stored', 'POST rate', 'p99'], durableRows)}

## Memory for ${integer(results.memory[0]?.todos ?? 0)} todos

${table(['Server', 'Todos', 'RSS empty', 'RSS seeded', 'Heap for the todos'], memoryRows)}

## The SQLite store without HTTP

Durable creates straight on \`SqliteStore\`: writes that arrive in the same event-loop turn share
one transaction, so concurrent writers share each commit's fsync.

${table(['Todos stored', 'Concurrent writers', 'Creates/s', 'Commits/s', 'Writes per commit'], storeWriteRows)}
`
}
