// Writes every generated docs file (see generate/targets.ts). With --check, writes nothing and
// exits 1 when a file is stale. Usage: npm run docs:generate
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { GENERATED_FILES } from './generate/targets.ts'
import { fromRoot } from './lib/paths.ts'

const check = process.argv.includes('--check')
let stale = 0
for (const file of GENERATED_FILES) {
  const path = fromRoot(file.path)
  const wanted = await file.render()
  let current: string | undefined
  try {
    current = readFileSync(path, 'utf8')
  } catch {
    current = undefined
  }
  if (current === wanted) continue
  stale += 1
  if (check) {
    console.error(`stale: ${file.path}`)
  } else {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, wanted)
    console.log(`wrote ${file.path}`)
  }
}
if (check && stale > 0) process.exitCode = 1
