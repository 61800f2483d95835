import type { HttpClient } from '../http/client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { RunState } from './run-state.ts'
import { type TodoSteps, todoSteps } from './todo-steps.ts'

/** What a check gets to work with. */
export interface CheckContext {
  /** Id of the running check. */
  readonly checkId: string
  /** Raw HTTP, recorded into this check's exchanges. */
  readonly http: HttpClient
  /** The contract's operations, verified, over the same recorded client. */
  readonly todos: TodoSteps
  /** What the run shares: its records, the ids it must not touch, what it observed. */
  readonly run: RunState
  /** Content for a record of this run: the run marker, the check id and `label`. */
  content(label: string): string
}

/** Creates the context of one check run; its exchanges land in `exchanges`. */
export function createCheckContext(
  checkId: string,
  http: HttpClient,
  run: RunState,
  exchanges: Exchange[],
): CheckContext {
  const recorded = http.recording((exchange) => exchanges.push(exchange))
  return {
    checkId,
    http: recorded,
    todos: todoSteps(recorded, run, `${run.marker} ${checkId} `),
    run,
    content: (label) => `${run.marker} ${checkId} ${label}`,
  }
}
