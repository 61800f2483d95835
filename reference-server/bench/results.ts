import type { FloorCheck } from './floor.ts'
import type { Measurement } from './load.ts'
import type { Memory } from './spawn-server.ts'
import type { StoreWrites } from './sqlite-store.ts'
import type { Stall } from './stall.ts'

export const SERVERS = ['reference', 'bare', 'hono', 'json-server'] as const
export type ServerName = (typeof SERVERS)[number]

/** What `npm run bench` writes to bench/results.json. */
export interface Results {
  readonly machine: Record<string, string | number>
  readonly method: Record<string, string | number>
  /** Each scenario measured against every server, plus the ratios the targets name. */
  readonly scenarios: Array<{
    name: string
    results: Record<ServerName, Measurement>
    ratios: { oursToBare: number; honoToBare: number; oursToJsonServer: number }
  }>
  /** Writes to file-backed servers at a small and a large store size. */
  readonly durable: Array<{ server: string; todos: number; result: Measurement }>
  /** Memory after a full GC, before and after loading the todos. */
  readonly memory: Array<{ server: string; todos: number; empty: Memory; seeded: Memory }>
  /** Durable creates straight on an SqliteStore (no HTTP): the store's own rate and batching. */
  readonly storeWrites: StoreWrites[]
  /** The slowest `GET /todos/1` while other clients read long lists, and on an idle server. */
  readonly stalls: Stall[]
  /** How many todos each server's list answer held, and whether the same ids in the same order. */
  readonly listCheck: Record<ServerName, { todos: number; sameAsReference: boolean }>
  /** Each guarantee of the floor: its figure in this run, and whether it holds. */
  readonly floor: FloorCheck[]
}
