import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient as generateHeyApiClient } from '@hey-api/openapi-ts'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../src/app.ts'
import { listen, type RunningServer } from '../src/http/listen.ts'

/**
 * The document is worth publishing only if the clients people generate from it work: clients
 * generated from the served /openapi.json by openapi-typescript + openapi-fetch and by
 * @hey-api/openapi-ts type-check a natural program and run it against the server; the mistakes
 * the document can rule out do not type-check; Redocly's recommended ruleset finds no error. The programs live in openapi-clients/programs and are copied next to
 * the generated code, in a temporary folder that sees the repository's node_modules.
 */
const PROGRAMS = join(import.meta.dirname, 'openapi-clients', 'programs')
const NODE_MODULES = join(import.meta.dirname, '..', '..', 'node_modules')

let served: RunningServer
let document: string
let folder: string

beforeAll(async () => {
  // Served as `todokit-server --public-url` serves it: the document names the URL to call.
  let app = createApp()
  served = await listen({ fetch: (request, env) => app.fetch(request, env) }, { port: 0 })
  app = createApp({ publicUrl: served.url })
  const url = `${served.url}/openapi.json`
  document = await (await fetch(url)).text()
  folder = mkdtempSync(join(tmpdir(), 'todokit-openapi-clients-'))
  symlinkSync(NODE_MODULES, join(folder, 'node_modules'), 'dir')
  cpSync(PROGRAMS, folder, { recursive: true })
  writeFileSync(
    join(folder, 'openapi-typescript.gen.ts'),
    astToString(await openapiTS(new URL(url))),
  )
  await generateHeyApiClient({
    input: url,
    output: join(folder, 'hey-api'),
    plugins: ['@hey-api/client-fetch'],
    logs: { level: 'silent' },
  })
})

afterAll(async () => {
  await served?.close()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

/** Type errors of the given programs, as `file:line message`, in one compiler run. */
function typeErrors(files: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(
    files.map((file) => join(folder, file)),
    {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
    },
  )
  const errors = new Map<string, string[]>(files.map((file) => [file, []]))
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file
    const name = file ? file.fileName.slice(folder.length + 1) : '(global)'
    const line = file ? file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
    errors.set(name, [...(errors.get(name) ?? []), `${name}:${line} ${message}`])
  }
  return errors
}

/** The lines of a mistakes program that are marked as mistakes. */
function mistakeLines(file: string): number[] {
  return readFileSync(join(PROGRAMS, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => (line.includes('// mistake') ? [index + 1] : []))
}

const WHAT_THE_PROGRAMS_SEE = {
  created: [201, false],
  open: ['Buy milk'],
  byId: [1],
  sorted: [2, 1],
  done: true,
  deleted: 200,
}

describe('clients generated from /openapi.json', () => {
  const files = [
    'openapi-fetch-program.ts',
    'openapi-fetch-mistakes.ts',
    'hey-api-program.ts',
    'hey-api-mistakes.ts',
  ]
  let errors: Map<string, string[]>
  beforeAll(() => {
    errors = typeErrors(files)
  })

  it.each(['openapi-fetch-program.ts', 'hey-api-program.ts'])(
    'type-check a natural program: %s',
    (file) => {
      expect(errors.get('(global)') ?? []).toEqual([])
      expect(errors.get(file)).toEqual([])
    },
  )

  it.each(['openapi-fetch-mistakes.ts', 'hey-api-mistakes.ts'])(
    'refuse an empty PATCH, an unknown sort key and a boolean as text: %s',
    (file) => {
      const lines = (errors.get(file) ?? []).map((error) => Number(error.split(/[: ]/)[1]))
      expect([...new Set(lines)]).toEqual(mistakeLines(file))
    },
  )

  it('run on openapi-fetch against the server, order sent repeated', async () => {
    const server = await listen(createApp(), { port: 0 })
    try {
      const { run } = await import(join(folder, 'openapi-fetch-program.ts'))
      expect(await run(server.url)).toEqual(WHAT_THE_PROGRAMS_SEE)
    } finally {
      await server.close()
    }
  })

  it('run on the hey-api client against the server its document names', async () => {
    const { run } = await import(join(folder, 'hey-api-program.ts'))
    expect(await run()).toEqual(WHAT_THE_PROGRAMS_SEE)
  })
})

describe("Redocly's recommended ruleset", () => {
  it('finds no error in the document', async () => {
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({
      source: document,
      absoluteRef: join(folder, 'openapi.json'),
      config,
    })
    const describe = (problem: (typeof problems)[number]) =>
      `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`
    console.log(`Redocly recommended: ${problems.map(describe).join('\n') || 'no problems'}`)
    expect(problems.filter((problem) => problem.severity === 'error').map(describe)).toEqual([])
  })
})
