import { existsSync, readFileSync } from 'node:fs'
import { posix } from 'node:path'
import { isExternal, markdownLinks } from './markdown-links.ts'
import { fromRoot } from './paths.ts'

/**
 * Where a package keeps the guides it ships. The repository's guides live in `docs/` at the
 * root, outside every package, so a README's `../docs/sdk.md` would lead nowhere once installed.
 */
export const PACKED_GUIDES_DIR = 'docs'

/** What packing a package changes: the pages it rewrites in place and the guides it adds. */
export interface GuidesToPack {
  /** Pages of the package itself (its README…) whose links change, as the tarball carries them. */
  rewritten: Map<string, string>
  /** Files copied into the package (paths inside it) from elsewhere in the repository. */
  copied: Map<string, Buffer>
}

/**
 * The guides the package in `folder` (`sdk`, relative to the repository root) must carry so that
 * every link of its README, and of every page those links lead to, stays inside the package:
 * `docs/x` is copied to `docs/x`, another package's `y` to `docs/<that package>/y`, and the
 * package's own files stay where they are (its `files` field must list them). Each link is
 * rewritten to the new place, anchors kept. A link that is dead in the repository is an error.
 */
export function guidesToPack(folder: string): GuidesToPack {
  const inPackage = (path: string) => {
    if (path.startsWith(`${folder}/`)) return path.slice(folder.length + 1)
    if (path.startsWith(`${PACKED_GUIDES_DIR}/`)) return path
    return `${PACKED_GUIDES_DIR}/${path}`
  }
  const rewritten = new Map<string, string>()
  const copied = new Map<string, Buffer>()
  const queue = [`${folder}/README.md`]
  const seen = new Set<string>()
  while (queue.length > 0) {
    const page = queue.shift() as string
    if (seen.has(page)) continue
    seen.add(page)
    const original = readFileSync(fromRoot(page), 'utf8')
    let text = original
    for (const { href, line } of markdownLinks(original)) {
      if (isExternal(href) || href.startsWith('#')) continue
      const [path = '', anchor] = href.split('#')
      const target = posix.normalize(posix.join(posix.dirname(page), decodeURI(path)))
      if (!existsSync(fromRoot(target)))
        throw new Error(`${page}:${line} links to ${href}, and ${target} does not exist`)
      if (target.endsWith('.md')) queue.push(target)
      else if (!target.startsWith(`${folder}/`))
        copied.set(inPackage(target), readFileSync(fromRoot(target)))
      let moved = posix.relative(posix.dirname(inPackage(page)), inPackage(target))
      if (!moved.startsWith('.')) moved = `./${moved}`
      if (anchor !== undefined) moved += `#${anchor}`
      text = replaceLinkTarget(text, href, moved)
    }
    if (!page.startsWith(`${folder}/`)) copied.set(inPackage(page), Buffer.from(text))
    else if (text !== original) rewritten.set(inPackage(page), text)
  }
  return { rewritten, copied }
}

/** `markdown` with every link to `from` (inline, autolink or reference definition) led to `to`. */
function replaceLinkTarget(markdown: string, from: string, to: string): string {
  if (from === to) return markdown
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return markdown.replace(
    new RegExp(`(\\]\\(|\\]:\\s+|<)${escaped}(?=[)\\s>])`, 'g'),
    (_match, opening: string) => `${opening}${to}`,
  )
}
