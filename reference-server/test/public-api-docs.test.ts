import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Entry points whose exports are public API: the package's own, and the contract module the
 * server implements and publishes as its OpenAPI document.
 */
const ENTRIES = {
  '@todokit/reference-server': '../src/index.ts',
  '@todokit/reference-server/msw': '../src/msw.ts',
  '@todokit/sdk/contract': '../../sdk/src/contract/index.ts',
}

/** Each export of `entry` (aliases followed) with what its JSDoc has. */
function documentedExports(entry: string) {
  const path = fileURLToPath(new URL(entry, import.meta.url))
  const program = ts.createProgram([path], { allowImportingTsExtensions: true, noEmit: true })
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(path) as ts.SourceFile)
  return checker.getExportsOfModule(module as ts.Symbol).map((exported) => {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    return {
      name: exported.name,
      // A type alias only names a schema's type; the schema of the same name carries the example.
      typeAliasOnly: symbol.flags === ts.SymbolFlags.TypeAlias,
      documented: symbol.getDocumentationComment(checker).length > 0,
      hasExample: symbol.getJsDocTags(checker).some((tag) => tag.name === 'example'),
    }
  })
}

describe.each(Object.entries(ENTRIES))('the public API of %s', (_, entry) => {
  const exported = documentedExports(entry)

  it('has exports to check', () => {
    expect(exported.length).toBeGreaterThan(0)
  })

  it('documents every export', () => {
    expect(exported.filter((e) => !e.documented).map((e) => e.name)).toEqual([])
  })

  it('gives every function, class, constant and interface an @example', () => {
    const missing = exported.filter((e) => !e.typeAliasOnly && !e.hasExample)
    expect(missing.map((e) => e.name)).toEqual([])
  })
})
