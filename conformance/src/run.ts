import { describeBudget } from './budget.ts'
import { InvalidOptionsError, ServerUnreachableError } from './errors.ts'
import { explore } from './explore.ts'
import { createHttpClient, type HttpResponse } from './http/client.ts'
import { levelCounts } from './levels.ts'
import { type Id, keyOf, Model, type OwnRecord, stateOf } from './model/model.ts'
import { Interrupted, Operations, recordPath, Unreachable } from './operations.ts'
import { type ConformanceOptions, resolveOptions } from './options.ts'
import { readOnlyReason, readOnlyRun } from './read-only.ts'
import type { CheckResult, CleanupOutcome, ConformanceReport, Residue } from './report.ts'
import { NOT_SELECTED } from './reporters/view.ts'
import { rules as allRules } from './rules/index.ts'
import { isObject, type Rule, shown } from './rules/rule.ts'
import { LARGE_IDS, type Run, SCENARIOS, type Scenario, WRONG_TYPES } from './scenarios.ts'
import { isSelected } from './select.ts'
import { TOOL_NAME, TOOL_VERSION } from './version.ts'

/** A short random run id: the marker `tk<id>` starts every content the run writes. */
const runMarker = () => `tk${Math.random().toString(36).slice(2, 8).padEnd(6, '0')}`

/**
 * Learns how the server takes a create (with or without an id, with or without `completed`),
 * then makes records that way. Every attempt is an observation the rules judge.
 */
function recordMaker(run: Omit<Run, 'make'>): Run['make'] {
  const { ops, model } = run
  return async (label, completed = false, content) => {
    const body = { content: content ?? model.content(label), completed }
    const { policy } = model
    if (policy.assignsIds !== false) {
      const record = await ops.create(body)
      if (record || policy.assignsIds === true) return record
    }
    if (policy.clientIds !== 'refused') {
      const record = await ops.create({
        id: model.unusedId(),
        ...body,
        content: content ?? model.content(label),
      })
      if (record) return record
      if (policy.clientIds === undefined && policy.assignsIds === undefined) {
        policy.assignsIds = false
        policy.clientIds = 'refused'
      }
    }
    return undefined
  }
}

/** The shapes of a create the contract allows, tried in turn until the server's is known. */
async function learnCreates(run: Run) {
  const { ops, model } = run
  const plain = await ops.create({ content: model.content('first'), completed: false })
  if (!plain) model.policy.assignsIds = false
  const withId = await ops.create({
    id: model.unusedId(),
    content: model.content('chosen id'),
    completed: true,
  })
  if (!withId && model.policy.clientIds === undefined) model.policy.clientIds = 'refused'
  if (plain || withId) {
    await ops.create({
      ...(plain ? {} : { id: model.unusedId() }),
      content: model.content('no completed'),
    })
  }
  await ops.list()
}

/** Removes every record the run holds; names what it could not remove or prove its own. */
async function cleanUp(run: Run): Promise<CleanupOutcome> {
  const { ops, model } = run
  const residue: Residue[] = []
  const leave = (id: Id, content: unknown, reason: string, possible = true) =>
    residue.push({
      id,
      content: typeof content === 'string' ? content : shown(content),
      reason,
      ...(possible ? { possible } : {}),
    })
  /** Whether a record read back still shows the run's own state. */
  const stillOurs = (record: OwnRecord, item: Record<string, unknown>) =>
    item.content === record.expected.content || record.tolerated.has(stateOf(item))
  for (const { id, content } of model.shared)
    leave(
      id,
      content,
      'a create answered with the id of a record that was there before the run: not deleted, as the id is someone else’s too',
    )
  let unanswered = 0
  for (const record of model.live()) {
    const { id, content } = record.expected
    // A DELETE that hangs would hang for every record: after a few, the rest are named instead.
    if (unanswered >= 3) {
      leave(id, content, 'not removed: DELETE got no answer for the records before it')
      continue
    }
    // Read back first: an id the run holds in doubt may be someone else's record by now.
    if (record.maybeGone) {
      const read = await ops.get(record)
      const body = read.response?.json
      if (read.response?.status === 404) continue
      if (!isObject(body) || !(stillOurs(record, body) || model.ownsContent(body.content))) {
        leave(id, content, 'not deleted: the record at its id no longer reads as the run’s own')
        continue
      }
    }
    const { response, error } = await ops.delete(record)
    unanswered = response ? 0 : unanswered + 1
    if (!response || response.status >= 300) {
      const outcome = response ? `answered ${response.status}` : `got no answer (${error})`
      leave(id, content, `DELETE ${recordPath(id)} ${outcome}`, !response)
    }
  }
  // A create that got no answer may have stored its record: the unique content proves it the run's.
  if (model.unanswered.size > 0) {
    const listed = await ops.list()
    for (const item of listedItems(listed.response)) {
      const { id, content } = item
      if (typeof content !== 'string' || !model.unanswered.has(content)) continue
      if (model.records.has(keyOf(id)) || (typeof id !== 'number' && typeof id !== 'string'))
        continue
      const record = model.adopt(
        { id, content, completed: item.completed === true },
        { op: 'create', sent: [], exchange: listed.exchange },
      )
      record.uncertain = true
      const { response } = await ops.delete(record)
      if (!response || response.status >= 300)
        leave(
          id,
          content,
          `its create got no answer; DELETE answered ${response?.status ?? 'nothing'}`,
          false,
        )
    }
  }
  const final = await ops.list()
  if (final.response?.status !== 200 || !Array.isArray(final.response.json)) {
    const because = `the final GET /todos answered ${final.response?.status ?? final.error}`
    return { residue, verified: false, unverifiedBecause: because }
  }
  for (const item of listedItems(final.response)) {
    const id = item.id as Id
    const record = model.records.get(keyOf(id))
    const ours = record !== undefined && stillOurs(record, item)
    const foreign = model.foreign.has(keyOf(id))
    if (record && ours && !residue.some((r) => String(r.id) === String(id)))
      leave(id, item.content, 'still listed after its DELETE answered success', false)
    else if (!ours && !foreign && model.ownsContent(item.content))
      leave(
        id,
        item.content,
        'carries the run’s marker, but no create answered with it: not deleted',
      )
    else if (
      !ours &&
      !foreign &&
      model.refusedCreates.some(
        (create) =>
          isObject(create.sent) &&
          JSON.stringify(create.sent.content) === JSON.stringify(item.content),
      )
    )
      leave(
        id,
        item.content,
        'looks like a create the server refused and stored anyway: not deleted, as the run cannot prove it its own',
      )
  }
  return { residue, verified: true }
}

/** The objects a list answered, or none when it answered no array. */
const listedItems = (response: HttpResponse | undefined) =>
  response?.status === 200 && Array.isArray(response.json) ? response.json.filter(isObject) : []

/** Why a counted rule was not judged. */
function unjudgedReason(rule: Rule, model: Model): string {
  if (model.records.size === 0)
    return 'not judged: no create succeeded, so no record could be read, changed or deleted (see create.answers-stored)'
  return `not judged: no exchange of this run could judge it on this server${rule.level === 'paging' ? ' (paging needs limit honoured)' : ''}`
}

/** Hints that save an implementer a search. */
function hintsFor(report: Pick<ConformanceReport, 'baseUrl' | 'checks'>): string[] {
  const hints: string[] = []
  if (/\/todos\/?$/.test(new URL(report.baseUrl).pathname))
    hints.push(
      `The base URL ends in /todos, so the kit asked for ${report.baseUrl}/todos. Give the URL the collection sits below: ${report.baseUrl.replace(/\/todos\/?$/, '')}`,
    )
  const failed = report.checks.filter((check) => check.status === 'failed' && check.counted)
  if (failed.length > 0 && failed.every((check) => check.level === 'paging'))
    hints.push(
      'Only paging failed. Paging (limit, cursor, Link) is todokit’s extension, not the contract’s: leave it out of --capabilities unless your server implements it.',
    )
  return hints
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
  const selected = allRules.filter((rule) => isSelected(rule.id, resolved.only, resolved.skip))
  if (selected.length === 0) {
    throw new InvalidOptionsError(
      `No rule matches only [${resolved.only.join(', ')}] and skip [${resolved.skip.join(', ')}]; see --list`,
    )
  }
  const startedAt = new Date()
  const started = performance.now()
  const model = new Model(runMarker())
  model.claims = resolved.capabilities
  const http = createHttpClient(resolved)
  const ops = new Operations(http, model, selected)
  const base = { ops, model, concurrency: resolved.concurrency }
  const run: Run = { ...base, make: recordMaker(base) }

  const unreachableAtStart = (reason: string) =>
    new ServerUnreachableError(
      `Cannot reach ${resolved.baseUrl}: ${reason}. Is the server running, and is the URL right?`,
    )
  const first = await ops.list().catch((error: unknown) => {
    throw error instanceof Unreachable ? unreachableAtStart(error.message) : error
  })
  if (first.error !== undefined && !first.response) throw unreachableAtStart(first.error)
  if (Array.isArray(first.response?.json)) {
    for (const item of first.response.json) if (isObject(item)) model.foreign.add(keyOf(item.id))
  }

  let unreachable: string | undefined
  const countedFailure = () =>
    selected.some(
      (rule) =>
        levelCounts(rule.level, resolved) && (ops.tally.get(rule.id)?.failures.length ?? 0) > 0,
    )
  const stop = () =>
    resolved.signal?.aborted === true ||
    unreachable !== undefined ||
    (resolved.bail && countedFailure())
  /** Runs a part of the run; a lost connection that a fresh GET confirms ends the run. */
  const guarded = async (name: string, part: () => Promise<unknown>) => {
    if (stop()) return
    resolved.onProgress?.(name)
    try {
      await part()
    } catch (error) {
      if (error instanceof Interrupted) return
      if (!(error instanceof Unreachable)) throw error
      unreachable = error.message
    }
  }
  let exploration = { sequences: 0, operations: 0, listQueries: 0, requests: 0 }
  const randomSequences: Scenario = {
    name: `random sequences (seed ${resolved.seed})`,
    async run() {
      exploration = await explore(run, resolved.seed, resolved.budget, stop)
    },
  }
  let cleanup: CleanupOutcome = { residue: [], verified: false, unverifiedBecause: 'not run' }
  try {
    if (resolved.readOnly) {
      await guarded('reads of the records already there', () => readOnlyRun(run, first))
    } else {
      await guarded('how the server takes a create', () => learnCreates(run))
      for (const { name, run: part } of [...SCENARIOS, randomSequences, LARGE_IDS, WRONG_TYPES])
        await guarded(name, () => part(run))
    }
  } finally {
    // Cleanup ignores the run's signal: an interrupted run still removes its records.
    const cleanupOps = ops.over(createHttpClient({ ...resolved, signal: undefined }))
    const gone = (reason: string, residue: Residue[] = []) => ({
      residue,
      verified: false,
      unverifiedBecause: `the server stopped answering (${reason})`,
    })
    cleanup = resolved.readOnly
      ? { residue: [], verified: true }
      : unreachable === undefined
        ? await cleanUp({ ...run, ops: cleanupOps }).catch((error: unknown) => {
            if (error instanceof Unreachable) return gone(error.message)
            throw error
          })
        : gone(
            unreachable,
            model.live().map(({ expected: { id, content } }) => {
              const reason = 'not removed: the server stopped answering'
              return { id, content, reason, possible: true }
            }),
          )
    ops.requests = cleanupOps.requests
  }

  const checks: CheckResult[] = allRules.map((rule) => {
    const tally = ops.tally.get(rule.id)
    const base = {
      id: rule.id,
      title: rule.title,
      level: rule.level,
      rule: rule.section,
      counted: levelCounts(rule.level, resolved),
      held: tally?.held ?? 0,
    }
    if (!tally) return { ...base, status: 'skipped', message: NOT_SELECTED }
    const [failure, ...more] = tally.failures
    if (failure) {
      const { failed, ...details } = failure
      return {
        ...base,
        status: 'failed',
        occurrences: more.length + 1,
        message: failed,
        ...details,
      }
    }
    if (tally.held > 0) return { ...base, status: 'passed' }
    const why = unreachable
      ? `not judged: the server stopped answering (${unreachable})`
      : resolved.signal?.aborted
        ? 'not judged: interrupted'
        : resolved.readOnly
          ? readOnlyReason(rule.id, model)
          : unjudgedReason(rule, model)
    return { ...base, status: 'skipped', message: why }
  })
  for (const [i, result] of checks.entries())
    resolved.onResult?.(result, { done: i + 1, total: checks.length })
  const count = (status: CheckResult['status']) =>
    checks.filter((check) => check.status === status).length
  const interrupted = resolved.signal?.aborted === true
  const failed = checks.some((check) => check.status === 'failed' && check.counted)
  const notRun = checks.filter((check) => check.status === 'skipped' && check.counted)
  const unjudged = notRun.filter((check) => check.message !== NOT_SELECTED)
  const report = {
    tool: TOOL_NAME,
    version: TOOL_VERSION,
    baseUrl: resolved.baseUrl,
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    marker: model.marker,
    capabilities: resolved.capabilities,
    strict: resolved.strict,
    readOnly: resolved.readOnly,
    ok: !failed && !interrupted && unreachable === undefined && unjudged.length === 0,
    interrupted,
    verdict: failed ? 'fail' : interrupted || notRun.length > 0 || unreachable ? 'partial' : 'pass',
    notRun: notRun.length,
    ...(unreachable === undefined ? {} : { unreachable }),
    observed: {
      idAssignment:
        model.policy.assignsIds === undefined
          ? 'unknown'
          : model.policy.assignsIds
            ? 'assigns'
            : 'refuses',
      clientIds: model.policy.clientIds ?? 'unknown',
      idType: model.policy.idType ?? 'unknown',
      foreignRecordsAtStart: model.foreign.size,
      trimsContent: model.policy.trims === true,
    },
    exploration: { seed: resolved.seed, budget: describeBudget(resolved.budget), ...exploration },
    requests: ops.requests,
    summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped') },
    checks,
    residue: cleanup.residue,
    cleanup: {
      verified: cleanup.verified,
      ...(cleanup.unverifiedBecause === undefined
        ? {}
        : { unverifiedBecause: cleanup.unverifiedBecause }),
    },
  } satisfies Omit<ConformanceReport, 'hints'>
  return { ...report, hints: hintsFor(report) }
}
