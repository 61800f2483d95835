import ts from 'typescript'
import { expect, it } from 'vitest'

/** The compiler's messages for `code`, a module beside the SDK's tests that imports it. */
function typeErrors(code: string): string[] {
  const file = `${import.meta.dirname}/snippet.ts`
  const options: ts.CompilerOptions = {
    allowImportingTsExtensions: true,
    noEmit: true,
    strict: true,
    customConditions: ['@todokit/source'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
  }
  const host = ts.createCompilerHost(options)
  const { readFile, fileExists } = host
  host.readFile = (name) => (name === file ? code : readFile(name))
  host.fileExists = (name) => name === file || fileExists(name)
  const program = ts.createProgram([file], options, host)
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map(({ messageText }) => ts.flattenDiagnosticMessageText(messageText, '\n'))
}

it('names TodoListParams when a list parameter is unknown', () => {
  const errors = typeErrors(`
    import { TodoClient } from '../src/index.ts'
    const client = new TodoClient({ baseUrl: 'http://127.0.0.1:3000' })
    void client.todos.list({ done: true })
  `)
  expect(errors).toHaveLength(1)
  expect(errors[0]).toContain("'done' does not exist in type 'TodoListParams'")
})
