import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { expect, it } from 'vitest'

/** The type assertions (`x as T`, `<T>x`) in a source file, as written. */
function typeAssertions(path: string): string[] {
  const file = new URL(path, import.meta.url)
  const source = ts.createSourceFile(path, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      found.push(node.getText(source))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

it('types results from the operation table, so the client casts none of them', () => {
  for (const path of ['../src/client/TodosResource.ts', '../src/client/send.ts']) {
    expect(typeAssertions(path), path).toEqual([])
  }
})
