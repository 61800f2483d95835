import { MAX_CONTENT_LENGTH, todoPath } from '@todokit/sdk/contract'
import { isErrorType } from '@todokit/sdk/internal'
import fc from 'fast-check'
import type { Check } from '../check.ts'
import { RequestTimeoutError } from '../http/errors.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Level } from '../levels.ts'
import { CheckInconclusive } from '../run/assert.ts'
import type { CheckContext } from '../run/context.ts'
import { provesOurs } from '../run/lenient.ts'
import { todoSteps } from '../run/todo-steps.ts'
import type { Budget } from './budget.ts'
import {
  commandArbitraries,
  createArbitrary,
  type ExplorationCommand,
  ExplorationFinding,
  type ExplorationKind,
  type Real,
} from './commands.ts'
import type { Model } from './model.ts'

/** What the exploration of one kind did, for the report's summary. */
export interface ExplorationStats {
  kind: ExplorationKind
  seed: number
  runs: number
  operations: number
  requests: number
  queries: string[]
}

/** Settings the exploration checks share within a run. */
export interface ExplorationSettings {
  seed: number
  budget: Budget
  /** Filled in as each kind ends. */
  stats: ExplorationStats[]
}

/** Longest sequence of operations in one run. */
const MAX_COMMANDS = 12
/** The budget is shared by the five kinds; shrinking a failure may spend three times as much again. */
const KINDS: readonly ExplorationKind[] = ['operations', 'filter', 'search', 'sort', 'paging']

/** Deletes what a run left, each record only after GET shows it unchanged with the marker. */
async function tearDown(model: Model, real: Real, marker: string): Promise<void> {
  for (const todo of model.live.values()) {
    try {
      const read = await real.http.request('GET', todoPath(todo.id))
      const body = read.json as { id?: unknown; content?: unknown } | undefined
      if (read.status === 200 && body?.id === todo.id && provesOurs(body.content, marker)) {
        await real.http.request('DELETE', todoPath(todo.id))
      }
    } catch {
      // The final cleanup sweeps whatever is left.
    }
  }
}

async function explore(ctx: CheckContext, kind: ExplorationKind): Promise<void> {
  const settings = ctx.run.exploration
  if (settings === undefined) throw new CheckInconclusive('exploration is off')
  const budget = settings.budget
  const limit = 'requests' in budget ? Math.ceil(budget.requests / KINDS.length) : undefined
  const timeLimit = 'ms' in budget ? budget.ms : undefined
  let requests = 0
  let failing = false
  // A request without an answer is not shrunk: every shorter sequence would wait as long.
  let hanging = false
  const spent = () => hanging || (limit !== undefined && requests >= limit * (failing ? 4 : 1))
  const stats = { operations: 0, queries: new Set<string>() }
  let runs = 0
  let last: { error: unknown; exchanges: Exchange[]; commands: string } | undefined
  const http = ctx.http.recording(() => {
    requests++
  })
  const room = MAX_CONTENT_LENGTH - `${ctx.content('r000 ')}`.length
  const arbitraries = commandArbitraries(kind, room)
  const property = fc.asyncProperty(
    // A few records first: lists, filters and orders show most with several records to tell
    // apart (ties, both digit counts); both parts shrink.
    fc.array(createArbitrary(room), { minLength: 2, maxLength: 5 }),
    fc.commands(arbitraries, { maxCommands: MAX_COMMANDS }),
    async (initial, commands) => {
      if (spent()) return
      runs++
      const exchanges: Exchange[] = []
      const recorded = http.recording((exchange) => exchanges.push(exchange))
      const real: Real = {
        http: recorded,
        todos: todoSteps(recorded, ctx.run, ctx.content('')),
        state: ctx.run,
        prefix: ctx.content(`r${runs} `),
        exchanges,
        highestServerId: Math.max(0, ...ctx.run.ledger.foreignIds),
        stats,
      }
      const model: Model = { live: new Map(), deleted: [] }
      // Each command runs only while the budget lasts; once spent, runs end early and pass.
      const sequence: ExplorationCommand[] = [...initial, ...commands]
      const counted = sequence.map((command) => {
        const check = command.check.bind(command)
        const run = command.run.bind(command)
        return Object.assign(command, {
          check: (m: Readonly<Model>) => !spent() && check(m),
          run: (m: Model, r: Real) => {
            stats.operations++
            return run(m, r)
          },
        })
      })
      try {
        await fc.asyncModelRun(() => ({ model, real }), counted)
      } catch (error) {
        failing = true
        if (isErrorType(error, RequestTimeoutError)) hanging = true
        const sequence = [...initial.map(String), ...[...commands].map(String)].join(', ')
        last = { error, exchanges: [...exchanges], commands: sequence }
        throw error
      } finally {
        if (!hanging) await tearDown(model, { ...real, http }, ctx.run.marker)
      }
    },
  )
  const details = await fc.check(property, {
    seed: settings.seed,
    numRuns: 400,
    ...(timeLimit === undefined
      ? {}
      : { interruptAfterTimeLimit: timeLimit, markInterruptAsFailure: false }),
  })
  settings.stats.push({
    kind,
    seed: settings.seed,
    runs,
    operations: stats.operations,
    requests,
    queries: [...stats.queries].sort(),
  })
  if (!details.failed || last === undefined) return
  const error = last.error instanceof Error ? last.error : new Error(String(last.error))
  const isCore = !isErrorType(error, ExplorationFinding) || error.core
  if (isCore && kind !== 'operations') {
    throw new CheckInconclusive(
      `the operations themselves failed while exploring ${kind} (see explore.operations): ${error.message}`,
    )
  }
  const sequence = last.commands
  throw Object.assign(error, {
    message: `${error.message}. Shortest sequence found: ${sequence} (replay: --seed ${settings.seed} with the same --budget)`,
    exchanges: last.exchanges,
  })
}

function explorationCheck(kind: ExplorationKind, level: Level, title: string): Check {
  return {
    id: `explore.${kind}`,
    title,
    level,
    rule:
      kind === 'operations'
        ? 'rule.created-is-readable'
        : kind === 'filter'
          ? 'query.filter'
          : kind === 'search'
            ? 'query.search'
            : kind === 'sort'
              ? 'query.sort'
              : 'paging.walk',
    alsoVerifies:
      kind === 'operations'
        ? [
            'endpoint.create',
            'endpoint.get',
            'endpoint.list',
            'endpoint.replace',
            'endpoint.update',
            'endpoint.delete',
            'rule.patch-keeps-unsent',
            'rule.deleted-is-absent',
          ]
        : [],
    run: (ctx) => explore(ctx, kind),
  }
}

/**
 * The exploration: random sequences of operations over the run's own records, each response
 * checked against an executable model of the contract, a failure shrunk to the shortest
 * sequence that shows it. One check per kind, so a finding is reported at its rule's level.
 */
export const explorationChecks: readonly Check[] = [
  explorationCheck(
    'operations',
    'required',
    'Random sequences of create, get, list, PUT, PATCH and delete agree with the contract',
  ),
  explorationCheck(
    'filter',
    'filter',
    'Random field filters (id, content, completed, combined) select exactly the matching records',
  ),
  explorationCheck(
    'search',
    'search',
    'Random q searches return every record whose content contains the text',
  ),
  explorationCheck(
    'sort',
    'sort',
    'Random orders (one key or several, both directions) sort the records',
  ),
  explorationCheck(
    'paging',
    'paging',
    'Random paged walks (limit 1 to 5) list each record once, as the operations left it',
  ),
]
