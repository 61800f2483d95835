import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bin, fromRoot, ROOT } from '../../scripts/lib/paths.ts'

// The README tells `npm run bench` (prints) from `npm run bench:record` (rewrites the tracked
// results and the benchmarks page). The bench itself takes minutes, so this follows the commands
// each one runs instead of running them.
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>
}

/** The commands `turbo run bench` would run in the workspaces. */
function turboBenchCommands(): string[] {
  const dry = JSON.parse(
    execFileSync(bin('turbo'), ['run', 'bench', '--dry=json'], { cwd: ROOT, encoding: 'utf8' }),
  ) as { tasks: Array<{ task: string; command: string }> }
  return dry.tasks
    .filter((task) => task.task === 'bench' && task.command !== '<NONEXISTENT>')
    .map((task) => task.command)
}

describe('npm run bench', () => {
  it('only measures and prints: no step records results or regenerates the docs', () => {
    expect(scripts.bench).toBe('turbo run bench')
    const commands = turboBenchCommands()
    expect(commands).toContain('node --conditions=@todokit/source bench/run.ts')
    for (const command of commands) expect(command).not.toMatch(/--record|docs:generate/)
  })

  it('records as npm run bench:record, which writes the results and then the pages made of them', () => {
    expect(scripts['bench:record']).toMatch(/bench.* -- --record && npm run docs:generate$/)
  })
})
