/**
 * Optional parts a server may claim: the contract's query conventions (`filter`, `search`,
 * `sort` by `order={field}`) and todokit's extensions `sort-extended` (`order=-field`, several
 * keys) and `paging` (`limit`, a cursor and `Link`).
 */
export const CAPABILITIES = ['filter', 'search', 'sort', 'sort-extended', 'paging'] as const
export type Capability = (typeof CAPABILITIES)[number]

/**
 * How much a rule weighs: `required` (the contract says so), `recommended` (it implies it;
 * counted with `strict`), or a capability (counted when claimed).
 */
export const LEVELS = ['required', 'recommended', ...CAPABILITIES] as const
export type Level = (typeof LEVELS)[number]

export const levelLabel = (level: Level): string =>
  level === 'required' || level === 'recommended' ? level : `capability ${level}`

/** Whether a failure at `level` makes the run fail. */
export const levelCounts = (
  level: Level,
  { capabilities, strict }: { capabilities: readonly Capability[]; strict: boolean },
): boolean =>
  level === 'required' || (level === 'recommended' ? strict : capabilities.includes(level))
