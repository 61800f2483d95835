/** A glob over check ids: `*` matches any run of characters. */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')
  return new RegExp(`^${escaped}$`)
}

/**
 * Whether a check id is selected by `only` (any glob matches; all when empty) and not excluded
 * by `skip`.
 *
 * @example
 * isSelected('patch.keeps-unsent-fields', ['patch.*'], []) // → true
 */
export function isSelected(id: string, only: readonly string[], skip: readonly string[]): boolean {
  const matches = (globs: readonly string[]) => globs.some((glob) => globToRegExp(glob).test(id))
  return (only.length === 0 || matches(only)) && !matches(skip)
}
