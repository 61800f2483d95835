import type { ExplorationSettings } from '../explore/explore.ts'
import type { Ledger } from './ledger.ts'

/** Whether the server gives a create without an id one of its own, as the run observed it. */
export type IdAssignment = 'unknown' | 'assigns' | 'refuses'

/**
 * What checks of one run share: the ledger of the run's records (and the ids it must never
 * write to) and what the run observed of the server's choices.
 */
export interface RunState {
  readonly marker: string
  readonly ledger: Ledger
  /** Observed on the first create without an id. */
  idAssignment: IdAssignment
  /** Set once a create that proposed an id was refused (400 or 422): the server takes none. */
  clientIdsRefused: boolean
  /**
   * Held while the first create without an id is in flight: a server that hands out ids in
   * use would otherwise overwrite several records before the first answer shows it.
   */
  firstAssignedCreate: Promise<void> | undefined
  /** Ids the run proposed (or probed to propose): no two checks get the same one. */
  readonly proposedIds: Set<number>
  /** Seed, budget and what the exploration did. */
  readonly exploration: ExplorationSettings
}
