// The guides a published package links to, carried inside its tarball. npm runs this in the
// package's folder: `prepack` copies the guides its README leads to into its docs/ and points the
// README's links there; `postpack` puts the folder back as git has it. (todokit has no public
// home yet, so a link to a web page of the guides could only be made up.)
// Usage: node ../scripts/pack-guides.ts prepack|postpack
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { guidesToPack, PACKED_GUIDES_DIR } from './lib/pack-guides.ts'
import { fromRoot, ROOT } from './lib/paths.ts'

const folder = relative(ROOT, process.cwd())
const packageDir = fromRoot(folder)
/** The pages as git has them, kept while the package is packed. */
const backup = fromRoot('node_modules', '.cache', 'todokit-pack-guides', folder)

/**
 * Writes through a temporary file and a rename, so a test reading the page while the package is
 * packed sees the old page or the new one, never half of one.
 */
function writeAtomically(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(`${path}.packing`, content)
  renameSync(`${path}.packing`, path)
}

function restore(): void {
  if (!existsSync(backup)) return
  const pages = JSON.parse(readFileSync(join(backup, 'pages.json'), 'utf8')) as string[]
  for (const page of pages)
    writeAtomically(join(packageDir, page), readFileSync(join(backup, page)))
  rmSync(join(packageDir, PACKED_GUIDES_DIR), { recursive: true, force: true })
  rmSync(backup, { recursive: true, force: true })
}

const step = process.argv[2]
if (step === 'prepack') {
  restore() // an earlier pack that was stopped half-way
  if (existsSync(join(packageDir, PACKED_GUIDES_DIR)))
    throw new Error(`${folder}/${PACKED_GUIDES_DIR} exists; packing copies the guides there`)
  const { rewritten, copied } = guidesToPack(folder)
  mkdirSync(backup, { recursive: true })
  for (const page of rewritten.keys())
    writeAtomically(join(backup, page), readFileSync(join(packageDir, page)))
  writeFileSync(join(backup, 'pages.json'), JSON.stringify([...rewritten.keys()]))
  // The guides first, then the links to them: a reader never meets a link to a missing file.
  for (const [path, content] of copied) writeAtomically(join(packageDir, path), content)
  for (const [page, text] of rewritten) writeAtomically(join(packageDir, page), text)
} else if (step === 'postpack') {
  restore()
} else {
  process.stderr.write('usage: node ../scripts/pack-guides.ts prepack|postpack\n')
  process.exitCode = 2
}
