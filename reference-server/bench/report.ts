import type { Results } from './results.ts'

const number = (value: number) => Math.round(value).toLocaleString('en-US')
const ratio = (value: number) => `${value.toFixed(2)}×`
const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`

/** A Markdown table; the first `leftAligned` columns are text, the others figures. */
function table(head: string[], rows: string[][], leftAligned = 1): string {
  const widths = head.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column < leftAligned ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`
  return [
    line(head),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map(line),
  ].join('\n')
}

/** Prints the benchmark's results as Markdown tables (absolute figures and ratios). */
export function printTables(results: Results): void {
  const rows = results.scenarios.map(({ name, results: by, ratios }) => [
    name,
    number(by.reference.rps),
    `${by.reference.p99} ms`,
    number(by.bare.rps),
    `${by.bare.p99} ms`,
    number(by.hono.rps),
    `${by.hono.p99} ms`,
    number(by['json-server'].rps),
    `${by['json-server'].p99} ms`,
    ratio(ratios.oursToBare),
    ratio(ratios.honoToBare),
    ratio(ratios.oursToJsonServer),
  ])
  const out = [
    `Machine: ${results.machine.cpu} (${results.machine.cores} cores), Node ${results.machine.node}, ` +
      `load average ${results.machine.loadAverageAtStart} at start, ${results.machine.loadAverageAtEnd} at end`,
    '',
    table(
      [
        'Scenario',
        'ours req/s',
        'ours p99',
        'bare req/s',
        'bare p99',
        'Hono alone req/s',
        'Hono alone p99',
        'json-server req/s',
        'json-server p99',
        'ours / bare',
        'Hono alone / bare',
        'ours / json-server',
      ],
      rows,
    ),
    '',
    table(
      ['Durable POST /todos', 'todos stored', 'req/s', 'p99'],
      results.durable.map(({ server, todos, result }) => [
        server,
        number(todos),
        number(result.rps),
        `${result.p99} ms`,
      ]),
    ),
    '',
    table(
      ['Memory', 'todos', 'RSS', 'heap used', 'heap per todo'],
      results.memory.map(({ server, todos, empty, seeded }) => [
        server,
        number(todos),
        mebibytes(seeded.rss),
        mebibytes(seeded.heapUsed),
        `${number((seeded.heapUsed - empty.heapUsed) / todos)} B`,
      ]),
    ),
    '',
    table(
      [
        'SqliteStore without HTTP',
        'todos stored',
        'concurrent writers',
        'creates/s',
        'commits/s',
        'writes per commit',
      ],
      results.storeWrites.map((run) => [
        'SqliteStore.write',
        number(run.todos),
        number(run.writers),
        number(run.createsPerSecond),
        number(run.commitsPerSecond),
        String(run.writesPerCommit),
      ]),
    ),
    '',
    table(
      ['No client stalls another', 'idle', 'slowest under load', 'lists read'],
      results.stalls.map(({ name, idleMs, worstMs, listsRead }) => [
        name,
        `${idleMs.toFixed(0)} ms`,
        `${worstMs.toFixed(0)} ms`,
        number(listsRead),
      ]),
    ),
  ]
  out.push(
    '',
    table(
      ['The floor', '', 'this run', 'floor'],
      results.floor.map(({ name, figure, floor, holds }) => [
        name,
        holds ? 'PASS' : 'FAIL',
        figure,
        floor,
      ]),
      4,
    ),
    `The floor: ${results.floor.filter(({ holds }) => holds).length} of ${results.floor.length} hold.`,
  )
  const invalid = [
    ...results.scenarios.flatMap(({ name, results: by }) =>
      Object.entries(by).map(([server, result]) => ({ what: `${server} ${name}`, result })),
    ),
    ...results.durable.map(({ server, todos, result }) => ({
      what: `${server} at ${todos}`,
      result,
    })),
  ].filter(({ result }) => result.non2xx > 0 || result.errors > 0)
  out.push(
    Object.values(results.listCheck).every((check) => check.sameAsReference)
      ? `List scenario: every server returned the same ${results.listCheck.reference.todos} todos in the same order.`
      : 'WARNING: the servers returned different todos for the list scenario (see listCheck in results.json)',
  )
  for (const { what, result } of invalid) {
    out.push(`WARNING: ${what}: ${result.non2xx} non-2xx responses, ${result.errors} errors`)
  }
  process.stdout.write(`${out.join('\n')}\n`)
}
