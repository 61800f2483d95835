/**
 * Copies `source` without its `undefined` values: ky would merge them as overrides, a query would
 * send them as `undefined`, and a spread would let them hide a default.
 */
export function defined<T extends object>(source: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined),
  ) as Partial<T>
}
