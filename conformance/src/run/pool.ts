/**
 * Calls `work` for each item with at most `limit` calls in flight, in order of the items;
 * stops starting new ones once `stop()` returns true.
 */
export async function forEachConcurrent<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length && !stop()) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker))
}
