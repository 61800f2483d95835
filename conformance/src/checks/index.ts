import type { Check } from '../check.ts'
import { explorationChecks } from '../explore/explore.ts'
import { changeAndDeleteChecks } from './change-and-delete.ts'
import { createAndReadChecks } from './create-and-read.ts'
import { errorChecks } from './errors.ts'
import { pagingChecks } from './paging.ts'
import { queryChecks } from './query.ts'
import { roundTripChecks } from './round-trips.ts'

/** The whole catalogue, in the order reports list it. */
export const checks: readonly Check[] = [
  ...createAndReadChecks,
  ...changeAndDeleteChecks,
  ...errorChecks,
  ...roundTripChecks,
  ...queryChecks,
  ...pagingChecks,
  ...explorationChecks,
]
