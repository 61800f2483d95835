/**
 * Milliseconds a list works on (sorting, filtering, serialising) before it lets the event loop
 * turn. Short, since lists in progress take their turns one after another: forty of them hold
 * the loop for forty slices before a waiting request is answered.
 */
const SLICE_MS = 2

/** `setImmediate`, or `setTimeout` where it is missing (browsers). */
const schedule: (callback: () => void) => unknown = globalThis.setImmediate ?? setTimeout

/**
 * Checkpoints for one piece of long work: call the returned function often. It returns
 * `undefined` (carry on) until the work has run for a slice, then a promise that settles at the
 * event loop's next turn, once other requests had their go.
 *
 * @example
 * const checkpoint = checkpoints()
 * for (const todo of todos) {
 *   work(todo)
 *   const turn = checkpoint()
 *   if (turn) await turn
 * }
 */
export function checkpoints(): () => Promise<void> | undefined {
  let sliceEnd = performance.now() + SLICE_MS
  return () => {
    if (performance.now() < sliceEnd) return undefined
    return new Promise((resolve) =>
      schedule(() => {
        sliceEnd = performance.now() + SLICE_MS
        resolve()
      }),
    )
  }
}
