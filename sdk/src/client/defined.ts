/**
 * Copies `source` without its `undefined` values: ky would merge them as overrides, and a query
 * would send them as the text `undefined`.
 */
export function defined<T extends object>(source: T): Defined<T> {
  return Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined),
  ) as Defined<T>
}

/** `T` without `undefined` values: each member is either left out or has a value. */
export type Defined<T> = { [Key in keyof T]?: Exclude<T[Key], undefined> }
