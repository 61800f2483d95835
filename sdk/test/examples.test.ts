import ts from 'typescript'
import { expect, it } from 'vitest'

/**
 * Every class and function `@todokit/sdk` exports (the entry point's exports, types included)
 * and every public method of those classes, read with the TypeScript compiler.
 */
function publicDeclarations(): { name: string; node: ts.Node }[] {
  const entry = `${import.meta.dirname}/../src/index.ts`
  const program = ts.createProgram([entry], {
    allowImportingTsExtensions: true,
    noEmit: true,
    customConditions: ['@todokit/source'],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  const module = source && checker.getSymbolAtLocation(source)
  if (!module) throw new Error('the SDK entry point did not load')
  const found: { name: string; node: ts.Node }[] = []
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol =
      exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
    for (const node of symbol.declarations ?? []) {
      if (ts.isFunctionDeclaration(node)) found.push({ name: symbol.name, node })
      if (!ts.isClassDeclaration(node)) continue
      found.push({ name: symbol.name, node })
      for (const member of node.members) {
        const modifiers = ts.getCombinedModifierFlags(member)
        const isPublic = !(modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected))
        if (ts.isMethodDeclaration(member) && isPublic && ts.isIdentifier(member.name)) {
          found.push({ name: `${symbol.name}.${member.name.text}`, node: member })
        }
      }
    }
  }
  return found
}

it('shows an @example on every class, function and method the SDK exports', () => {
  const declarations = publicDeclarations()
  expect(declarations.map(({ name }) => name)).toContain('TodosResource.list')
  const withoutExample = declarations
    .filter(({ node }) => !ts.getJSDocTags(node).some((tag) => tag.tagName.text === 'example'))
    .map(({ name }) => name)
  expect(withoutExample).toEqual([])
})
