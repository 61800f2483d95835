/**
 * `todokit-server --data` killed with SIGKILL while clients POST as fast as it answers, again
 * and again on one data file: every todo whose POST was answered 201 must be there after each
 * restart, exactly as it was answered. Run by the tests and by `npm run bench`.
 */
import type { Todo } from '@todokit/sdk/contract'
import { type CliServer, startCli } from './cli-server.ts'

/** What the kills cost: how many writes were acknowledged, and which of them were lost. */
export interface KillResult {
  readonly kills: number
  readonly acknowledged: number
  /** Acknowledged todos missing or changed after a restart, and any failure before a kill. */
  readonly lost: readonly string[]
}

export interface KillOptions {
  readonly kills?: number
  readonly clients?: number
  /** How many creates each round waits for before the kill. */
  readonly createsPerRound?: () => number
}

/** Kills the server under POST load `kills` times, checking after each restart and at the end. */
export async function killUnderPostLoad(
  data: string,
  {
    kills = 3,
    clients = 16,
    createsPerRound = () => 50 + Math.floor(Math.random() * 400),
  }: KillOptions = {},
): Promise<KillResult> {
  const created: Todo[] = []
  const lost: string[] = []
  for (let round = 1; round <= kills + 1; round++) {
    const server = await startCli(['--data', data, '--port', '0', '--quiet'])
    try {
      lost.push(...(await missing(server.url, created, `after kill ${round - 1}`)))
      if (round > kills) break
      const failures = await postUntilKilled(server, created, round, clients, createsPerRound())
      lost.push(...failures)
    } finally {
      await server.kill()
    }
  }
  return { kills, acknowledged: created.length, lost }
}

/** The acknowledged todos that the server at `url` does not hold as they were answered. */
async function missing(url: string, created: readonly Todo[], when: string): Promise<string[]> {
  const stored = new Map(
    ((await (await fetch(`${url}/todos`)).json()) as Todo[]).map((todo) => [todo.id, todo]),
  )
  return created
    .filter((todo) => JSON.stringify(stored.get(todo.id)) !== JSON.stringify(todo))
    .map((todo) => `${when}: ${JSON.stringify(todo)} is ${JSON.stringify(stored.get(todo.id))}`)
}

/**
 * `clients` clients POST until `target` more todos were created, then the server is killed
 * with requests still in flight. Answers that came are recorded; a failure before the kill is
 * returned, since the server had no reason to fail.
 */
async function postUntilKilled(
  server: CliServer,
  created: Todo[],
  round: number,
  clients: number,
  target: number,
): Promise<string[]> {
  const enough = created.length + target
  let counter = 0
  let killed = false
  const failures: string[] = []
  const post = async (): Promise<void> => {
    while (created.length < enough) {
      const response = await fetch(`${server.url}/todos`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: `r${round}-${counter++}` }),
      })
      const body = await response.text()
      if (response.status !== 201) throw new Error(`POST answered ${response.status}: ${body}`)
      created.push(JSON.parse(body) as Todo)
    }
  }
  // Once the server is killed, requests in flight fail; before, any failure is a defect.
  const running = Array.from({ length: clients }, () =>
    post().catch((error: unknown) => {
      if (!killed) failures.push(`round ${round}, before the kill: ${String(error)}`)
    }),
  )
  await Promise.race(running)
  killed = true
  await server.kill()
  await Promise.all(running)
  return failures
}
