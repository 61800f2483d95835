import { join } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'

/** The type errors of `source`, compiled as a file of this folder would be. */
function typeErrors(source: string): string[] {
  const file = join(import.meta.dirname, 'route-check.ts')
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    allowImportingTsExtensions: true,
    customConditions: ['@todokit/source'],
    types: ['node'],
  }
  const host = ts.createCompilerHost(options)
  const readFile = host.readFile
  host.readFile = (name) => (name === file ? source : readFile(name))
  host.fileExists = (
    (exists) => (name: string) =>
      name === file || exists(name)
  )(host.fileExists)
  const program = ts.createProgram([file], options, host)
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

it('names the routes a fault rule takes when it is given one it does not', () => {
  const errors = typeErrors(`
    import { createTodoApi } from '../src/msw.ts'
    const api = createTodoApi({ baseUrl: 'https://api.example.com' })
    api.inject({ kind: 'drop' }, { route: 'patch' })
  `)
  expect(errors).toHaveLength(1)
  for (const name of ['"update"', '"replace"', '"list"', '`PATCH /']) {
    expect(errors[0]).toContain(name)
  }
})
