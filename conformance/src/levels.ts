/**
 * Optional parts an implementation may claim: the contract's query conventions (`filter`,
 * `search`, `sort` by `order={field}`), and todokit's extensions where the contract is silent:
 * `sort-extended` (`order=-field` and several keys) and `paging` (`limit`, a cursor and `Link`).
 */
export const CAPABILITIES = ['filter', 'search', 'sort', 'sort-extended', 'paging'] as const
/** One optional part: `filter`, `search`, `sort`, `sort-extended` or `paging`. */
export type Capability = (typeof CAPABILITIES)[number]

/**
 * How much a check weighs. `required`: an endpoint row or numbered rule of the contract.
 * `recommended`: what the contract implies but does not pin (counts with `--strict`).
 * A capability: a query convention or paging, counted when the implementation claims it.
 */
export const LEVELS = ['required', 'recommended', ...CAPABILITIES] as const
/** One of {@link LEVELS}. */
export type Level = (typeof LEVELS)[number]

/** A level's name as people read it: `capability filter` rather than `filter`. */
export const levelLabel = (level: Level): string =>
  level === 'required' || level === 'recommended' ? level : `capability ${level}`

/** Whether a failing check at `level` makes the run fail. */
export const levelCounts = (
  level: Level,
  { capabilities, strict }: { capabilities: readonly Capability[]; strict: boolean },
): boolean =>
  level === 'required' || (level === 'recommended' ? strict : capabilities.includes(level))
