#!/usr/bin/env node
// The `todokit-conformance` bin. It is committed, so npm links it at install time, before anything
// is built. It stays plain JavaScript that any Node parses, so an old Node gets a clear error
// rather than a syntax error. Inside a todokit checkout it runs the TypeScript sources (Node
// strips the types), so it is never a stale build; installed from the registry it runs dist/.
import { readFileSync } from 'node:fs'
import module from 'node:module'

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const [major, minor] = process.versions.node.split('.').map(Number)
const [needMajor, needMinor = 0] = manifest.engines.node.match(/\d+/g).map(Number)
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  process.stderr.write(
    `todokit-conformance: needs Node ${manifest.engines.node}, but ${process.execPath} is Node ${process.versions.node}.\n`,
  )
  // 2, as for any other usage error: 1 would say a rule of the contract was broken.
  process.exit(2)
}

if (!import.meta.url.includes('/node_modules/') && process.features.typescript) {
  module.registerHooks({
    resolve: (specifier, context, next) =>
      next(specifier, { ...context, conditions: [...context.conditions, '@todokit/source'] }),
  })
  await import('../src/cli.ts')
} else {
  await import('../dist/cli.js')
}
