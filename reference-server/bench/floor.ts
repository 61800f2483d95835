/**
 * The floor: the guarantees the server must keep, each printed by `npm run bench` as one line
 * with its figure and whether it holds. Those checked from outside run here through the same
 * code the tests run (`test/floor/`); the speed floors are read from this run's measurements.
 */
import { join } from 'node:path'
import { probeBadInputs } from '../test/floor/bad-input.ts'
import { startCli } from '../test/floor/cli-server.ts'
import {
  idleConnections,
  PIPELINED_IN_ORDER,
  pipelinedWrites,
  SHORT_LIMIT_FLAGS,
  SHORT_LIMITS,
  trickleBody,
} from '../test/floor/connections.ts'
import { killUnderPostLoad } from '../test/floor/kill.ts'
import { drainFailures, terminateUnderLoad } from '../test/floor/shutdown.ts'
import type { Results } from './results.ts'

/** One guarantee: what was measured, the floor it is held to, and whether it holds. */
export interface FloorCheck {
  readonly name: string
  readonly figure: string
  readonly floor: string
  readonly holds: boolean
}

const number = (value: number) => Math.round(value).toLocaleString('en-US')

/** The floors checked from outside, each against a `todokit-server --data` of its own. */
export async function checkFloor(directory: string): Promise<FloorCheck[]> {
  const checks: FloorCheck[] = []
  const server = await startCli([
    ...['--data', join(directory, 'floor.db'), '--port', '0', '--quiet'],
    ...SHORT_LIMIT_FLAGS,
  ])
  try {
    const probe = await probeBadInputs(server.url)
    checks.push({
      name: 'bad-input probe',
      figure: `${probe.passed}/${probe.total}${probe.failures.map((failure) => `; ${failure}`).join('')}`,
      floor: `${probe.total}/${probe.total} refused with their 4xx problem`,
      holds: probe.passed === probe.total,
    })
    const slow = await trickleBody(server.url)
    const { maxConnections, headersTimeout } = SHORT_LIMITS
    const idle = await idleConnections(server.url, maxConnections, headersTimeout)
    checks.push({
      name: 'slow body, idle sockets',
      figure: `body at 1 B/20 ms: ${slow.statuses.join(', ') || 'no answer'}${slow.stored ? ', stored' : ''}; ${idle.opened} idle sockets: ${idle.held} held, ${idle.reclaimed ? 'all reclaimed' : 'some never closed'}, then ${idle.served}`,
      floor: `408 and nothing stored; at most ${maxConnections} held (--max-connections), all reclaimed, then 200`,
      holds:
        slow.statuses.join() === '408' &&
        !slow.stored &&
        idle.held <= maxConnections &&
        idle.reclaimed &&
        idle.served === 200,
    })
    const pipelined = await pipelinedWrites(server.url)
    checks.push({
      name: 'pipelined writes',
      figure: `POST, GET, PATCH, DELETE, GET on one connection: ${pipelined.statuses.join(', ')}`,
      floor: `${PIPELINED_IN_ORDER.join(', ')}: applied in order`,
      holds: pipelined.statuses.join() === PIPELINED_IN_ORDER.join() && pipelined.gone,
    })
  } finally {
    await server.kill()
  }
  const killed = await killUnderPostLoad(join(directory, 'kill.db'))
  checks.push({
    name: 'SIGKILL under POST load',
    figure: `${number(killed.lost.length)} of ${number(killed.acknowledged)} acknowledged writes lost over ${killed.kills} kills${killed.lost.map((line) => `; ${line}`).join('')}`,
    floor: '0 lost',
    holds: killed.lost.length === 0 && killed.acknowledged > 0,
  })
  const drained = await terminateUnderLoad(join(directory, 'drain.db'))
  const failures = drainFailures(drained)
  checks.push({
    name: 'SIGTERM under POST load',
    figure:
      failures.join('; ') ||
      `${drained.acknowledged.length} answered, all stored, none stored unanswered; exit ${drained.exitCode}`,
    floor: 'in-flight requests answered, new ones refused, exit 0',
    holds: failures.length === 0,
  })
  return checks
}

/** The speed floors, from the measurements of this run. */
export function speedFloor(results: Omit<Results, 'floor'>): FloorCheck[] {
  const ratios = (name: string) =>
    results.scenarios.find((scenario) => scenario.name === name)?.ratios ?? {
      oursToBare: 0,
      honoToBare: 0,
    }
  // Beside ours, what the framework alone reaches: the ceiling for any app built on it.
  const versusBare = (name: string, floor: number): FloorCheck => {
    const { oursToBare, honoToBare } = ratios(name)
    return {
      name: `${name} on the memory store`,
      figure: `${oursToBare.toFixed(2)}× bare (Hono alone: ${honoToBare.toFixed(2)}×)`,
      floor: `≥ ${floor}× bare`,
      holds: oursToBare >= floor,
    }
  }
  const durable = results.durable.filter(({ server }) => server.startsWith('reference'))
  const slowest = Math.min(...durable.map(({ result }) => result.rps))
  const worstStall = Math.max(...results.stalls.map(({ worstMs }) => worstMs))
  return [
    versusBare('GET /todos/{id}', 0.9),
    versusBare('PATCH /todos/{id}', 0.85),
    versusBare('POST /todos', 0.85),
    {
      name: 'durable POST (--data)',
      figure: durable
        .map(({ todos, result }) => `${number(result.rps)}/s at ${number(todos)} stored`)
        .join(', '),
      floor: '≥ 5,000/s at every size',
      holds: durable.length > 0 && slowest >= 5_000,
    },
    {
      name: 'no client stalls another',
      figure: `slowest GET /todos/1 under list load: ${worstStall.toFixed(0)} ms`,
      floor: '≤ 200 ms',
      holds: results.stalls.length > 0 && worstStall <= 200,
    },
  ]
}
