import type { OrderKey, TodoListQuery } from '@todokit/sdk/contract'
import type { HttpResponse } from '../http/client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Level } from '../levels.ts'
import { type Expected, isLive, type Model, type OwnRecord } from '../model/model.ts'

export type OpName = 'list' | 'walk' | 'get' | 'create' | 'replace' | 'patch' | 'delete'

/**
 * The requests sent wrong on purpose, aimed only at the run's own records or at ids nobody holds:
 * `true` for a client's mistake, which a server answers with a 4xx (§7), never a 5xx.
 */
export const PROBES = {
  'malformed-json': true,
  'wrong-type': false,
  'missing-field': true,
  'empty-patch': true,
  'taken-id': true,
  'body-id': true,
  'path-id': true,
  'canonical-path-id': true,
  'unknown-id': false,
  'bad-paging': false,
  'bad-query': true,
  'large-id': false,
  'concurrent-read': false,
} as const

export type ProbeKind = keyof typeof PROBES

/** A list query as sent: every parameter as its text, `order` as its keys. */
export type ListQuery = { [name in Exclude<keyof TodoListQuery, 'order'>]?: string } & {
  order?: OrderKey[]
}

/** What one operation sent and saw, and the state of the model before it. */
export interface Observation {
  op: OpName
  probe?: ProbeKind
  /** The record of the run a single-record request aimed at, as the model held it before. */
  target?: OwnRecord
  /** The JSON body sent (a raw text for malformed JSON). */
  sent?: unknown
  query?: ListQuery
  /** The answer; absent when none came, and `error` says why. */
  response?: HttpResponse
  error?: string
  /** The kit chose not to send it: no rule judges it, and the model stays as it was. */
  unsent?: true
  exchange: Exchange
  /** A paged walk's pages, the run's records written meanwhile (not judged), why it stopped. */
  pages?: HttpResponse[]
  touched?: Set<string>
  walkStopped?: string
  /** States a read sent while a write was under way may show: before it, or after. */
  allowed?: string[]
}

/** A rule broken: what was seen, what the rule expected, what came, and the exchanges to show. */
export type Failure = { failed: string; expected?: string; actual?: string; exchanges?: Exchange[] }

export type Judgement = { held: true } | Failure

/**
 * One rule of the contract, judged on every observation of the run: by the model's prediction
 * (`predictions.ts`), and by its own `judge` on the observations `on` names, which answers
 * `undefined` when the observation says nothing of it.
 */
export interface Rule {
  /** Stable id, `area.what-it-verifies`; `--only`/`--skip` globs match it. */
  readonly id: string
  readonly title: string
  readonly level: Level
  /** Where the contract says so, e.g. `§4 rule 1`; todokit's own choices say so. */
  readonly section: string
  /** The observations `judge` sees: every field given must match. */
  readonly on?: Scope
  readonly judge?: (observation: Observation, model: Model) => Judgement | undefined
}

/** How rules judge, by id: the rules the model's prediction alone judges have none. */
export type Judges = Record<string, Pick<Rule, 'on' | 'judge'>>

/** Which observations a rule's own judge sees. */
export interface Scope {
  op?: readonly OpName[]
  /** The probes it judges; `none` is a request sent as the contract says. */
  probe?: readonly (ProbeKind | 'none')[]
  /** Whether a list carries parameters. */
  query?: boolean
  /** Aimed at a live record of the run whose state is known. */
  live?: true
}

export function inScope({ op, probe, query, live }: Scope, observation: Observation): boolean {
  return (
    (!op || op.includes(observation.op)) &&
    (!probe || probe.includes(observation.probe ?? 'none')) &&
    (query === undefined || (observation.query !== undefined) === query) &&
    (!live || isLive(observation.target))
  )
}

export const held: Judgement = { held: true }

/** A value as messages show it: its JSON, shortened. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 117)}...` : text
}

/** `POST /todos` or `GET /todos?q=x`, as messages name a request. */
export function requestLine(exchange: Exchange): string {
  const url = new URL(exchange.url)
  return `${exchange.method} ${decodeURIComponent(url.pathname + url.search)}`
}

/** `PATCH /todos/7 {"completed":true} answered 404 Not Found`, or why no answer came. */
export function answered({ exchange, sent }: Observation): string {
  const { error, status, statusText } = exchange
  const outcome =
    error === undefined ? `answered ${status} ${statusText}` : `got no answer (${error})`
  const body = sent === undefined ? '' : ` ${typeof sent === 'string' ? sent : shown(sent)}`
  return `${requestLine(exchange)}${body} ${outcome}`
}

export function failure(failed: string, expected: string, actual: string, shows?: Exchange[]) {
  return { failed, expected, actual, ...(shows && { exchanges: shows }) }
}

/** The answer was not what `expected` says: the request, what came back (or why not), and `why`. */
export function unexpected(observation: Observation, expected: string, why = '') {
  const { response: r, error = 'no answer' } = observation
  const actual = r
    ? `${r.status} ${r.statusText}${r.text ? ` ${shown(r.json ?? r.text)}` : ''}`
    : error
  return failure(`${answered(observation)}${why}`, expected, actual)
}

export const isSuccess = ({ response }: Observation): boolean =>
  response !== undefined && response.status >= 200 && response.status < 300

export const isClientError = ({ response }: Observation): boolean =>
  response !== undefined && response.status >= 400 && response.status < 500

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export const listedItems = (json: unknown) => (Array.isArray(json) ? json.filter(isObject) : [])

/**
 * The first id that `items` hold more than once, and how often; empty when none. Integers past
 * 2^53 − 1 are not compared: JSON numbers there are not exact, so two ids may read as one.
 */
export function repeatedId(items: Record<string, unknown>[]): [string, number] | [] {
  const times = new Map<string, number>()
  for (const { id } of items)
    if (!Number.isInteger(id) || Number.isSafeInteger(id))
      times.set(String(id), (times.get(String(id)) ?? 0) + 1)
  return [...times].find(([, count]) => count > 1) ?? []
}

export const sentObject = (observation: Observation): Record<string, unknown> =>
  isObject(observation.sent) ? observation.sent : {}

/** What is wrong with a todo's content and completed (and its id `withId`), if anything. */
export function fieldProblem(todo: unknown, withId = false): string | undefined {
  if (!isObject(todo)) return `${shown(todo)} is not a JSON object`
  const wrong = (field: keyof Expected, type: string) =>
    todo[field] === undefined
      ? `it has no ${field}`
      : `its ${field} is ${shown(todo[field])}, not ${type}`
  if (withId && (typeof todo.id !== 'number' || !Number.isInteger(todo.id)))
    return wrong('id', 'an integer')
  if (withId && !Number.isSafeInteger(todo.id))
    return `its id ${shown(todo.id)} is beyond 2^53 − 1, where JSON numbers stop being exact`
  if (typeof todo.content !== 'string') return wrong('content', 'a string')
  if (typeof todo.completed !== 'boolean') return wrong('completed', 'a boolean')
  return undefined
}
