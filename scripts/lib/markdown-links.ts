import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import GithubSlugger from 'github-slugger'
import { Lexer, type Token, type Tokens } from 'marked'

/** A link of a Markdown page, as written, with the line it is on. */
export interface MarkdownLink {
  href: string
  line: number
}

/** The links and images of a Markdown page, outside code blocks and code spans, in order. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = []
  // Links come in page order, so each is looked up after the previous one for its line.
  let cursor = 0
  const visit = (tokens: Token[] | undefined) => {
    for (const token of tokens ?? []) {
      if (token.type === 'link' || token.type === 'image') {
        const { href } = token as Tokens.Link
        const at = markdown.indexOf(href, cursor)
        if (at !== -1) cursor = at
        links.push({ href, line: markdown.slice(0, cursor).split('\n').length })
      }
      if ('tokens' in token) visit(token.tokens)
      if (token.type === 'list') visit((token as Tokens.List).items)
      if (token.type === 'table') {
        const { header, rows } = token as Tokens.Table
        for (const cell of [...header, ...rows.flat()]) visit(cell.tokens)
      }
    }
  }
  visit(Lexer.lex(markdown, { gfm: true }))
  return links
}

/** The anchors a page's headings get where it is rendered (GitHub's and npm's slugs). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger()
  const anchors = new Set<string>()
  const plain = (tokens: Token[] | undefined): string =>
    (tokens ?? [])
      .map((token) =>
        'tokens' in token && token.tokens
          ? plain(token.tokens)
          : 'text' in token
            ? unescapeHtml(token.text)
            : '',
      )
      .join('')
  Lexer.lex(markdown, { gfm: true }).forEach((token) => {
    if (token.type === 'heading') anchors.add(slugger.slug(plain((token as Tokens.Heading).tokens)))
  })
  return anchors
}

/** marked escapes the text of inline tokens for HTML; a heading's anchor is made of the text. */
const ESCAPED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_entity, name: string) => ESCAPED[name] ?? '')

/** A link that leads nowhere: where it is written, and why it is dead. */
export interface DeadLink {
  page: string
  line: number
  href: string
  reason: string
}

/** A link to another site or protocol: not followed (the tests have no network). */
export const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href)

/**
 * Follows every relative link of `pages` (paths inside `root`) and of every Markdown page they
 * lead to, and returns the dead ones: a file that does not exist, one outside `root` (an
 * installed package cannot reach its repository), or an anchor no heading of the page has.
 * Links to other sites are not followed.
 */
export function deadLinks(root: string, pages: string[]): DeadLink[] {
  const dead: DeadLink[] = []
  const seen = new Set<string>()
  const queue = pages.map((page) => resolve(root, page))
  while (queue.length > 0) {
    const file = queue.shift() as string
    if (seen.has(file)) continue
    seen.add(file)
    const markdown = readFileSync(file, 'utf8')
    const page = relative(root, file)
    for (const { href, line } of markdownLinks(markdown)) {
      if (isExternal(href)) continue
      const [path = '', anchor] = href.split('#')
      const target = path === '' ? file : resolve(dirname(file), decodeURI(path))
      const fail = (reason: string) => dead.push({ page, line, href, reason })
      if (target !== root && !target.startsWith(root.endsWith(sep) ? root : root + sep))
        fail(`leads outside ${root}`)
      else if (!existsSync(target)) fail('no such file')
      else if (target.endsWith('.md')) {
        if (anchor && !headingAnchors(readFileSync(target, 'utf8')).has(anchor))
          fail(`no heading with the anchor #${anchor}`)
        if (statSync(target).isFile()) queue.push(target)
      }
    }
  }
  return dead
}

/** Dead links as lines for a test's message: `docs/sdk.md:12 ../x.md (no such file)`. */
export const describeDeadLinks = (dead: DeadLink[]) =>
  dead.map((link) => `${link.page}:${link.line} ${link.href} (${link.reason})`)
