import type { Todo } from '@todokit/sdk/contract'

/** A small deterministic PRNG (mulberry32), so every run and every server gets the same todos. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * `count` todos with ids 1…count, half of them completed, each content `task` and eight letters
 * from a–h, so that about one in ten contains "ab" (the benchmark's search).
 */
export function seedTodos(count: number): Todo[] {
  const next = random(42)
  return Array.from({ length: count }, (_, index) => {
    let letters = ''
    for (let position = 0; position < 8; position++) letters += 'abcdefgh'[Math.floor(next() * 8)]
    return { id: index + 1, content: `task ${letters}`, completed: next() < 0.5 }
  })
}
