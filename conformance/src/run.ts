import packageJson from '../package.json' with { type: 'json' }
import { InvalidOptionsError, ServerUnreachableError } from './errors.ts'
import { explore } from './explore.ts'
import { createHttpClient } from './http/client.ts'
import { levelCounts } from './levels.ts'
import { type Id, idIn, keyOf, Model, type OwnRecord, stateOf, todoIn } from './model/model.ts'
import { Operations } from './operations.ts'
import { type ConformanceOptions, describeBudget, resolveOptions } from './options.ts'
import type { CheckResult, CleanupOutcome, ConformanceReport, Residue } from './report.ts'
import { NOT_SELECTED } from './reporters/view.ts'
import { rules as allRules } from './rules/index.ts'
import { tracesTo } from './rules/records.ts'
import { isObject, listedItems, type Rule, requestLine, shown } from './rules/rule.ts'
import { LAST_SCENARIOS, SCENARIOS } from './scenarios.ts'

/** Whether a rule id matches any of the globs, where `*` matches any run of characters. */
const matchesAny = (id: string, globs: readonly string[]) =>
  globs.some((glob) =>
    new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(id),
  )

/** Why cleanup left a record, as the report words it. */
const LEFT = {
  shared:
    'a create answered with the id of a record that was there before the run: not deleted, as the id is someone else’s too',
  notOurs: 'not deleted: the record at its id no longer reads as the run’s own',
  stillListed: 'still listed after its DELETE answered success',
  marked: 'carries the run’s marker, but no create answered with it: not deleted',
  unnamed:
    'holds what a create of the run sent, whose answer named no id: not deleted, as the run cannot prove it its own',
  refusedButStored:
    'looks like a create the server refused and stored anyway: not deleted, as the run cannot prove it its own',
  unreachable: 'not removed: the server stopped answering',
}

/**
 * Removes every record the run holds, and names what it could not remove or prove its own: a
 * record it may have caused is named, never deleted.
 */
async function cleanUp(
  ops: Operations,
  unreachable?: string,
): Promise<CleanupOutcome & { foreignGone?: Id[] }> {
  const { model } = ops
  const residue: Residue[] = []
  const leave = (id: Id, content: unknown, reason: string, possible = true) => {
    const text = typeof content === 'string' ? content : shown(content)
    residue.push({ id, content: text, reason, ...(possible && { possible }) })
  }
  const unverified = (because: string) => ({ residue, verified: false, unverifiedBecause: because })
  const stillOurs = (record: OwnRecord, item: Record<string, unknown>) =>
    item.content === record.expected.content || record.tolerated.has(stateOf(item))
  for (const { id, content } of model.shared) leave(id, content, LEFT.shared)
  try {
    if (unreachable !== undefined) throw new ServerUnreachableError(unreachable)
    const { response, exchange } = await ops.list()
    const listed = new Set<string>()
    for (const item of listedItems(response?.json)) {
      const id = idIn(item)
      const record = model.records.get(keyOf(id))
      if (record) listed.add(record.key)
      // A create that may have stored its record holds a unique content that proves it the run's.
      else if (id !== undefined && model.maybeStored.has(String(item.content)))
        model.adopt(todoIn(item, id), { op: 'create', sent: [], exchange }).uncertain = true
    }
    for (const record of model.live()) {
      const { id, content } = record.expected
      // A record the list does not show, or in doubt, may be gone and its id someone else's by
      // now (a DELETE of a missing id may remove another record): each is read first.
      if (record.maybeGone || !listed.has(record.key)) {
        const { response } = await ops.get(record)
        if (response?.status === 404) continue
        const body = response?.json
        const ours = isObject(body) && (stillOurs(record, body) || model.marked(body.content))
        if (record.maybeGone && !ours) {
          leave(id, content, LEFT.notOurs)
          continue
        }
      }
      const { response, error, exchange } = await ops.delete(record)
      if (!response || response.status >= 300) {
        const outcome = response ? `answered ${response.status}` : `got no answer (${error})`
        leave(id, content, `${requestLine(exchange)} ${outcome}`, !response)
      }
    }
    const final = await ops.list()
    if (final.response?.status !== 200 || !Array.isArray(final.response.json))
      return unverified(`the final GET /todos answered ${final.response?.status ?? final.error}`)
    const items = listedItems(final.response.json)
    const keys = new Set(items.map((item) => keyOf(item.id)))
    const foreignGone = [...model.foreign]
      .filter((key) => !keys.has(key))
      .map((key) => JSON.parse(key))
    for (const item of items) {
      const id = item.id as Id
      const record = model.records.get(keyOf(id))
      if (record && stillOurs(record, item)) {
        if (!residue.some((left) => String(left.id) === String(id)))
          leave(id, item.content, LEFT.stillListed, false)
      } else if (!model.foreign.has(keyOf(id))) {
        const refused = model.refusedCreates.some(({ sent }) => tracesTo(item, sent))
        if (model.marked(item.content)) leave(id, item.content, LEFT.marked)
        else if (model.unnamed.has(item.content)) leave(id, item.content, LEFT.unnamed)
        else if (refused) leave(id, item.content, LEFT.refusedButStored)
      }
    }
    return { residue, verified: true, foreignGone }
  } catch (error) {
    if (!(error instanceof ServerUnreachableError)) throw error
    for (const { expected } of model.live()) leave(expected.id, expected.content, LEFT.unreachable)
    return unverified(`the server stopped answering (${error.message})`)
  }
}

/**
 * Runs the conformance scenarios and the exploration against a server, has every rule judge
 * every exchange, and returns the report. Only touches records it creates, and removes them.
 *
 * Throws `InvalidOptionsError` for unusable options and `ServerUnreachableError` when the base
 * URL does not answer at all; a server that answers wrongly yields a report with failures.
 *
 * @example
 * const report = await runConformance({ baseUrl: 'http://localhost:3000', capabilities: ['filter', 'search', 'sort'] })
 * if (!report.ok) console.log(report.checks.filter((check) => check.status === 'failed'))
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const resolved = resolveOptions(options)
  const { only, skip, signal, seed, budget } = resolved
  const selected = allRules.filter(
    (rule) => (only.length === 0 || matchesAny(rule.id, only)) && !matchesAny(rule.id, skip),
  )
  if (selected.length === 0) {
    throw new InvalidOptionsError(
      `No rule matches only [${only.join(', ')}] and skip [${skip.join(', ')}]; see --list`,
    )
  }
  const startedAt = new Date()
  const model = new Model()
  model.claims = resolved.capabilities
  const ops = new Operations(createHttpClient(resolved), model, selected, resolved.concurrency)
  const counts = (rule: { level: Rule['level'] }) => levelCounts(rule.level, resolved)

  const first = await ops.list().catch((error: unknown) => {
    if (error instanceof ServerUnreachableError)
      return { response: undefined, error: error.message }
    throw error
  })
  if (!first.response) {
    const reason = `${first.error}. Is the server running, and is the URL right?`
    throw new ServerUnreachableError(`Cannot reach ${resolved.baseUrl}: ${reason}`)
  }
  for (const item of listedItems(first.response.json)) model.foreign.add(keyOf(item.id))

  let unreachable: string | undefined
  const stop = () =>
    signal?.aborted === true ||
    unreachable !== undefined ||
    (resolved.bail && selected.some((rule) => counts(rule) && ops.tally.get(rule)?.broken))
  let exploration = { sequences: 0, operations: 0, listQueries: 0, requests: 0 }
  const parts = {
    ...SCENARIOS,
    [`random sequences (seed ${seed})`]: async () => {
      exploration = await explore(ops, seed, budget, stop)
    },
    ...LAST_SCENARIOS,
  }
  let cleanup: Awaited<ReturnType<typeof cleanUp>> = { residue: [], verified: true }
  try {
    for (const [name, run] of Object.entries(parts)) {
      if (stop()) break
      resolved.onProgress?.(name)
      // A lost connection that a fresh GET confirmed ends the run; an interrupted one, the part.
      await run(ops).catch((error: unknown) => {
        if (error instanceof ServerUnreachableError) unreachable = error.message
        else if (!signal?.aborted) throw error
      })
    }
  } finally {
    // Cleanup ignores the run's signal: an interrupted run still removes its records.
    ops.http = createHttpClient({ ...resolved, signal: undefined })
    cleanup = await cleanUp(ops, unreachable)
  }

  const interrupted = signal?.aborted === true
  const halted = interrupted || unreachable !== undefined
  const unjudged = (rule: Rule) => {
    if (unreachable) return `not judged: the server stopped answering (${unreachable})`
    if (interrupted) return 'not judged: interrupted'
    if (model.records.size === 0)
      return 'not judged: no create succeeded, so no record could be read, changed or deleted (see create.answers-stored)'
    return `not judged: no exchange of this run could judge it on this server${rule.level === 'paging' ? ' (paging needs limit honoured)' : ''}`
  }
  const checks = allRules.map((rule): CheckResult => {
    const tally = ops.tally.get(rule)
    const { id, title, level, section } = rule
    const base = { id, title, level, rule: section, counted: counts(rule), held: tally?.held ?? 0 }
    if (tally?.failure) {
      const { failed, ...details } = tally.failure
      return { ...base, status: 'failed', occurrences: tally.broken, message: failed, ...details }
    }
    if (tally?.held) return { ...base, status: 'passed' }
    return { ...base, status: 'skipped', message: tally ? unjudged(rule) : NOT_SELECTED }
  })
  for (const [i, result] of checks.entries())
    resolved.onResult?.(result, { done: i + 1, total: checks.length })
  const summary = { passed: 0, failed: 0, skipped: 0 }
  for (const { status } of checks) summary[status] += 1
  const counted = checks.filter((check) => check.counted)
  const failed = counted.filter((check) => check.status === 'failed')
  const notRun = counted.filter((check) => check.status === 'skipped')
  // Hints that save an implementer a search.
  const { baseUrl } = resolved
  const pastExact = [...model.records.values()]
    .map((record) => record.expected.id)
    .find((id) => Number.isInteger(id) && !Number.isSafeInteger(id))
  const hints = [
    /\/todos\/?$/.test(new URL(baseUrl).pathname) &&
      `The base URL ends in /todos, so the kit asked for ${baseUrl}/todos. Give the URL the collection sits below: ${baseUrl.replace(/\/todos\/?$/, '')}`,
    failed.length > 0 &&
      failed.every((check) => check.level === 'paging') &&
      'Only paging failed. Paging (limit, cursor, Link) is todokit’s extension, not the contract’s: leave it out of --capabilities unless your server implements it.',
    model.foreign.size > 0 &&
      `Records not the run’s were on the server (${model.foreign.size} at the start), so the kit sent nothing that could change them: no write to an id nobody holds (a DELETE of a missing id may remove another record), no id a counter would hand out next, no id of 2^53 − 1. Run it against an empty server too, to check those.`,
    model.storedLastExactId &&
      pastExact !== undefined &&
      `After the run stored id 2^53 − 1, the server gave a create the id ${pastExact}, past what JSON numbers hold exactly: JavaScript reads it as its neighbours. The run deleted its records, but a server that keeps its highest id (SQLite AUTOINCREMENT, a sequence) counts on from there.`,
  ].filter((hint) => hint !== false)
  const { policy } = model
  const { residue, foreignGone = [], ...cleanupState } = cleanup
  return {
    tool: packageJson.name,
    version: packageJson.version,
    baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    marker: model.marker,
    capabilities: resolved.capabilities,
    strict: resolved.strict,
    ok: !failed.length && !halted && notRun.every((check) => check.message === NOT_SELECTED),
    interrupted,
    verdict: failed.length ? 'fail' : halted || notRun.length > 0 ? 'partial' : 'pass',
    notRun: notRun.length,
    ...(unreachable === undefined ? {} : { unreachable }),
    observed: {
      idAssignment:
        policy.assignsIds === undefined ? 'unknown' : policy.assignsIds ? 'assigns' : 'refuses',
      clientIds: policy.clientIds ?? 'unknown',
      idType: policy.idType ?? 'unknown',
      foreignRecordsAtStart: model.foreign.size,
      foreignRecordsGoneAtEnd: foreignGone,
      trimsContent: policy.trims === true,
    },
    exploration: { seed, budget: describeBudget(budget), ...exploration },
    requests: ops.requests,
    summary,
    checks,
    residue,
    cleanup: cleanupState,
    hints,
  }
}
