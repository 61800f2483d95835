import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { REPORTERS } from '@todokit/conformance'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { binaryPath, TARGETS } from '../../conformance/scripts/binary.ts'
import { fromRoot } from '../../scripts/lib/paths.ts'
import { extractBlocks } from './examples/extract.ts'

const page = readFileSync(fromRoot('docs/ci.md'), 'utf8')
const [github, gitlab] = extractBlocks('docs/ci.md', page)
  .filter((block) => block.lang === 'yaml')
  .map((block) => parse(block.code) as Record<string, unknown>)

interface Step {
  name?: string
  run?: string
  uses?: string
  if?: string
  shell?: string
  with?: Record<string, string>
}

/** The flags of a `todokit-conformance` command line, as the CLI reads them. */
function conformanceCall(line: string) {
  const words = line.split(/\s+/)
  const flag = (name: string) => words[words.indexOf(name) + 1]?.replaceAll('"', '')
  return {
    reporter: flag('--reporter'),
    output: flag('--output'),
    capabilities: flag('--capabilities'),
  }
}

describe('the Conformance in CI guide', () => {
  it('has one GitHub Actions workflow and one GitLab CI job, both parseable YAML', () => {
    expect(github).toBeDefined()
    expect(gitlab).toBeDefined()
  })

  it('GitHub Actions: starts the server in the background, waits for it, runs the kit, keeps the report always', () => {
    const jobs = github!.jobs as Record<string, { 'runs-on': string; steps: Step[] }>
    const steps = jobs.conformance!.steps
    const index = (test: (step: Step) => boolean) => steps.findIndex(test)
    const start = index((step) => /&\s*$/m.test(step.run ?? ''))
    const wait = index((step) =>
      /until curl -fsS http:\/\/127\.0\.0\.1:8080\/todos/.test(step.run ?? ''),
    )
    const run = index((step) => (step.run ?? '').includes('@todokit/conformance'))
    const keep = index((step) => step.uses?.startsWith('actions/upload-artifact@') === true)
    expect([start, wait, run, keep].every((i) => i >= 0)).toBe(true)
    expect(start).toBeLessThan(wait)
    expect(wait).toBeLessThan(run)
    expect(run).toBeLessThan(keep)
    const call = conformanceCall(steps[run]!.run!)
    expect(REPORTERS).toContain(call.reporter)
    expect(call.reporter).toBe('github')
    // `shell: bash` runs with pipefail, so `| tee` keeps the kit's exit code.
    expect(steps[run]!.shell).toBe('bash')
    expect(steps[run]!.run).toMatch(/\| tee conformance\.log$/)
    expect(steps[keep]!.if).toBe('always()')
    expect(steps[keep]!.with!.path).toContain('conformance.log')
    const node = steps.find((step) => step.uses?.startsWith('actions/setup-node@'))
    expect(Number(node?.with?.['node-version'])).toBeGreaterThanOrEqual(22)
  })

  it('GitLab CI: the same four steps, and the JUnit file it writes is the report it keeps', () => {
    const job = gitlab!.conformance as {
      image: string
      script: string[]
      artifacts: { when: string; paths: string[]; reports: { junit: string } }
    }
    expect(job.image).toMatch(/^node:(2[2-9]|[3-9]\d)/)
    const at = (pattern: RegExp) => job.script.findIndex((line) => pattern.test(line))
    const start = at(/&\s*$/)
    const wait = at(/until curl -fsS/)
    const run = at(/@todokit\/conformance/)
    expect(start).toBeGreaterThanOrEqual(0)
    expect(start).toBeLessThan(wait)
    expect(wait).toBeLessThan(run)
    const call = conformanceCall(job.script[run]!)
    expect(call.reporter).toBe('junit')
    expect(job.artifacts.when).toBe('always')
    expect(job.artifacts.reports.junit).toBe(call.output)
    expect(job.artifacts.paths).toContain(call.output)
  })
})

describe('the release workflow of the standalone binary', () => {
  const guide = readFileSync(fromRoot('docs/conformance.md'), 'utf8')
  const workflow = extractBlocks('docs/conformance.md', guide)
    .filter((block) => block.lang === 'yaml')
    .map((block) => parse(block.code) as Record<string, unknown>)
    .find((yaml) => yaml.name === 'Release the conformance binaries')
  const jobs = workflow?.jobs as Record<
    string,
    {
      needs?: string
      'runs-on': string
      steps: Step[]
      strategy?: { matrix: { include: Array<{ file: string; os: string; alpine?: boolean }> } }
    }
  >
  const files = TARGETS.map((target) => basename(binaryPath(target)))

  it('runs when a release is published, and may write to it', () => {
    expect(workflow).toBeDefined()
    expect(workflow!.on).toEqual({ release: { types: ['published'] } })
    expect(workflow!.permissions).toEqual({ contents: 'write' })
    expect(jobs.smoke!.needs).toBe('build')
    expect(jobs.release!.needs).toBe('smoke')
  })

  it('builds every target the build script knows, with that script', () => {
    const build = jobs.build!.steps.find((step) => step.name === 'Build every target')!.run!
    expect(build).toContain('npm run binary -w @todokit/conformance -- --target "$target"')
    const listed = /for target in (.*); do/.exec(build)?.[1]?.split(' ')
    expect(listed).toEqual([...TARGETS])
  })

  it('runs each file on a machine of its own platform: --help, then a run that must pass', () => {
    const include = jobs.smoke!.strategy!.matrix.include
    expect(include.map((entry) => entry.file).sort()).toEqual([...files].sort())
    for (const { file, os, alpine } of include) {
      const runner = file.includes('windows')
        ? /^windows-/
        : file.includes('darwin')
          ? /^macos-/
          : /^ubuntu-/
      expect(os, file).toMatch(runner)
      // GitHub's arm64 runners: ubuntu-24.04-arm; macos-13 is its last Intel Mac.
      if (file.includes('linux')) expect(os.endsWith('-arm'), file).toBe(file.includes('arm64'))
      if (file.includes('darwin')) expect(os === 'macos-13', file).toBe(file.includes('x64'))
      expect(alpine === true, file).toBe(file.endsWith('-musl'))
    }
    const steps = jobs.smoke!.steps
    const at = (pattern: RegExp) => steps.findIndex((step) => pattern.test(step.run ?? ''))
    const start = at(/todokit-server --port 8080 --quiet &$/m)
    const wait = at(/until curl -fsS http:\/\/127\.0\.0\.1:8080\/todos/)
    const run = at(/"\$\{kit\[@\]\}" http:\/\/127\.0\.0\.1:8080 /)
    expect(start).toBeGreaterThanOrEqual(0)
    expect(start).toBeLessThan(wait)
    expect(wait).toBeLessThan(run)
    expect(steps[run]!.run).toMatch(/"\$\{kit\[@\]\}" --help/)
    expect(steps[run]!.run).toContain('docker run --rm --network host')
    expect(steps[run]!.shell).toBe('bash')
  })

  it('attaches the files with a SHA-256 checksum of each to the release', () => {
    const steps = jobs.release!.steps
    const sums = steps.find((step) => step.name === 'Checksums')!
    expect(sums.run).toBe('sha256sum todokit-conformance-* > SHA256SUMS')
    const upload = steps.find((step) => step.run?.startsWith('gh release upload'))!
    expect(upload.run).toMatch(/"\$\{\{ github\.event\.release\.tag_name \}\}" binaries\/\*/)
  })
})
