import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  createApp,
  DEFAULT_MAX_TODOS,
  listen,
  MemoryStore,
  type RunningServer,
} from '@todokit/reference-server'
import { readSeedFile, seedStore } from '@todokit/reference-server/internal'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bin, fromRoot } from '../../scripts/lib/paths.ts'
import { runToCompletion } from '../../scripts/lib/processes.ts'
import { type Example, undecidedBlocks } from './examples/extract.ts'
import { normaliseVarying } from './examples/normalise.ts'
import {
  againstServer,
  docsBlocks,
  docsPages,
  EXAMPLES_DIR,
  exampleFile,
  slug,
  writeExamples,
} from './examples/workspace.ts'

// Every code example of docs/*.md is extracted, type-checked against the workspace sources and
// executed against a fresh reference server (a new one per example, so ids and lists are
// predictable). An example followed by a ```text output block must print exactly that (after
// normaliseVarying when the block is marked `varying`). A ts or sh block that cannot run here
// says so, with its reason: ```sh norun <reason>.
const examples = writeExamples()
const byKind = (lang: string, flag: string) =>
  examples.filter((example) => example.block.lang === lang && example.block.flags.includes(flag))
const tsRun = byKind('ts', 'run')
const tsVitest = byKind('ts', 'vitest')
const shRun = byKind('sh', 'run')
// Node 24 as the bins' `node`, then the root's bins: the packages' CLIs (linked by npm install)
// and the tools (tsc).
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${bin('')}:${process.env.PATH}` }

let server: RunningServer
beforeAll(async () => {
  console.log(
    `docs examples: ${tsRun.length} TypeScript run, ${tsVitest.length} vitest, ${shRun.length} shell`,
  )
})

/**
 * The seed file a page's server starts with, as the page itself starts it (`todokit-server
 * --seed …`): its outputs then show the seeded todos. Pages not listed start empty.
 */
const PAGE_SEEDS: Record<string, string> = {
  'docs/getting-started.md': 'reference-server/sample-todos.json',
  'reference-server/README.md': 'reference-server/sample-todos.json',
}

/**
 * A fresh server as `todokit-server` runs it (faults a request asks for with `Prefer` included),
 * seeded as `page` starts it.
 */
async function withFreshServer<T>(page: string, use: (url: string) => Promise<T>): Promise<T> {
  const store = new MemoryStore()
  const seed = PAGE_SEEDS[page]
  if (seed !== undefined)
    await seedStore(store, await readSeedFile(fromRoot(seed)), DEFAULT_MAX_TODOS)
  server = await listen(createApp({ store, faults: {} }), { port: 0 })
  try {
    return await use(server.url)
  } finally {
    await server.close()
  }
}
afterAll(() => server?.close())

function expectOutput(stdout: string, example: Example, url: string) {
  if (example.output === undefined) return
  const comparable = (text: string) => {
    const trimmed = text.replace(/[ \t]+$/gm, '').trimEnd()
    return example.varying ? normaliseVarying(trimmed) : trimmed
  }
  expect(comparable(stdout)).toBe(comparable(againstServer(example.output, url)))
}

describe('the code examples of the docs', () => {
  it('are all executed or say why not: every ts and sh block is marked run, vitest or norun <reason>', () => {
    const undecided = undecidedBlocks(docsBlocks())
    expect(undecided.map((block) => `${block.page}:${block.line}`)).toEqual([])
    expect(tsRun.length).toBeGreaterThan(0)
    expect(shRun.length).toBeGreaterThan(0)
  })

  it('compare every output block with what an example printed', () => {
    // An output block that follows no runnable example would be compared with nothing.
    const blocks = docsBlocks()
    const orphans = blocks.filter((block, index) => {
      const previous = blocks[index - 1]
      const runs = previous?.flags.includes('run') || previous?.flags.includes('vitest')
      return block.lang === 'text' && block.flags.includes('output') && !runs
    })
    expect(orphans.map((block) => `${block.page}:${block.line}`)).toEqual([])
  })

  it('run against a server started as their page starts it: seeded exactly where it says --seed', () => {
    for (const page of docsPages()) {
      const text = readFileSync(fromRoot(page), 'utf8')
      const seeds = [...text.matchAll(/todokit-server[^\n`]*--seed\s+(\S+)/g)].map((match) =>
        match[1]?.split('/').pop(),
      )
      const expected = PAGE_SEEDS[page]?.split('/').pop()
      expect(new Set(seeds), page).toEqual(new Set(expected === undefined ? [] : [expected]))
    }
  })

  it('type-check against the workspace sources', async () => {
    const run = await runToCompletion(bin('tsc'), ['-p', EXAMPLES_DIR], { env })
    expect(run.stdout + run.stderr).toBe('')
    expect(run.code).toBe(0)
  })
})

describe.each(tsRun)('the TypeScript example $name', (example) => {
  it('runs against a live reference server and prints what the page shows', async () => {
    await withFreshServer(example.block.page, async (url) => {
      const file = join(EXAMPLES_DIR, 'live', `${slug(example)}.ts`)
      writeFileSync(file, againstServer(`${example.block.code}export {}\n`, url))
      const run = await runToCompletion(
        process.execPath,
        ['--conditions=@todokit/source', '--disable-warning=ExperimentalWarning', file],
        { cwd: EXAMPLES_DIR, env, timeoutMs: 60_000 },
      )
      expect(run.stderr, run.stdout).toBe('')
      expect(run.code).toBe(0)
      expectOutput(run.stdout, example, url)
    })
  })
})

/**
 * The TypeScript examples of `page` that it asks the reader to save under a name (```` ```ts run
 * hello.ts ````), which its shell examples then run.
 */
const namedFiles = (page: string) =>
  tsRun.flatMap((example) => {
    const name = example.block.flags.find((flag) => flag.endsWith('.ts'))
    return example.block.page === page && name !== undefined ? [{ name, example }] : []
  })

describe.each(shRun)('the shell example $name', (example) => {
  it('runs against a live reference server and prints what the page shows', async () => {
    await withFreshServer(example.block.page, async (url) => {
      // `npx` would run inside the workspace folder; the shim runs the package's bin (on PATH)
      // in the example's own folder, as npx does in a project that installed the packages. That
      // folder is inside the clone, as a reader's would be: the workspace packages resolve.
      const script = `npx() { command "$@"; }\n${againstServer(example.block.code, url)}`
      const cwd = mkdtempSync(join(EXAMPLES_DIR, 'sh-'))
      for (const { name, example: file } of namedFiles(example.block.page))
        writeFileSync(join(cwd, name), againstServer(file.block.code, url))
      try {
        const run = await runToCompletion('bash', ['-euo', 'pipefail', '-c', script], {
          cwd,
          env,
          timeoutMs: 60_000,
        })
        expect(run.code, run.stdout + run.stderr).toBe(0)
        expectOutput(run.stdout, example, url)
      } finally {
        rmSync(cwd, { recursive: true, force: true })
      }
    })
  })
})

describe.skipIf(tsVitest.length === 0)('the vitest examples', () => {
  it('pass when vitest runs them as test files', async () => {
    writeFileSync(
      join(EXAMPLES_DIR, 'vitest.config.ts'),
      `import shared from '../../vitest.shared.ts'\nexport default { ...shared, test: { include: ['*.test.ts'] } }\n`,
    )
    const run = await runToCompletion(
      process.execPath,
      [fromRoot('node_modules', 'vitest', 'vitest.mjs'), 'run', '--root', EXAMPLES_DIR],
      { cwd: EXAMPLES_DIR, env, timeoutMs: 120_000 },
    )
    expect(run.code, run.stdout + run.stderr).toBe(0)
    for (const example of tsVitest)
      expect(run.stdout).toContain(exampleFile(example).split('/').pop())
  })
})
