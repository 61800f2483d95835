/**
 * Copies `source` without its `undefined` values: ky would merge them as overrides, and a query
 * would send them as the text `undefined`.
 */
export function defined<T extends object>(source: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}
