/** A fenced code block of a docs page. */
export interface CodeBlock {
  /** The page, relative to the repository root (`docs/sdk.md`). */
  page: string
  /** 1-based line of the opening fence, for messages that point at the page. */
  line: number
  /** The info string's first word: `ts`, `sh`, `text`… */
  lang: string
  /**
   * The info string's further words up to `norun`: `run`, `vitest`, `output`, `norun`, and the
   * name a page asks the reader to save the block under (`hello.ts`).
   */
  flags: string[]
  /** The words after `norun`: why the block does not run (`''` when it says nothing). */
  reason: string
  code: string
}

const FENCE = /^(`{3,})(.*)$/

/** Every fenced block of a Markdown page, in order. */
export function extractBlocks(page: string, markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = []
  const lines = markdown.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const open = FENCE.exec(lines[index] ?? '')
    if (!open?.[1]) continue
    const [lang = '', ...words] = (open[2] ?? '').trim().split(/\s+/)
    // The reason after `norun` is prose: its words ("a run that takes minutes") are no flags.
    const norun = words.indexOf('norun')
    const flags = norun === -1 ? words : words.slice(0, norun + 1)
    const reason = norun === -1 ? '' : words.slice(norun + 1).join(' ')
    const body: string[] = []
    const start = index
    index++
    while (index < lines.length && !(lines[index] ?? '').startsWith(open[1])) {
      body.push(lines[index] ?? '')
      index++
    }
    blocks.push({ page, line: start + 1, lang, flags, reason, code: `${body.join('\n')}\n` })
  }
  return blocks
}

/** An example to execute, with the output block that follows it, if any. */
export interface Example {
  block: CodeBlock
  /** Expected stdout: the ```text output block right after the example. */
  output?: string
  /** The output block is marked `varying`: compare both sides through `normaliseVarying`. */
  varying?: boolean
  /** A name for reports and temp files: `sdk.md:42`. */
  name: string
}

/** The blocks that are executable examples (`ts run`, `ts vitest`, `sh run`), each with its output. */
export function examplesOf(blocks: CodeBlock[]): Example[] {
  const examples: Example[] = []
  blocks.forEach((block, index) => {
    const runnable = block.flags.includes('run') || block.flags.includes('vitest')
    if (!runnable) return
    const next = blocks[index + 1]
    const output = next?.lang === 'text' && next.flags.includes('output') ? next.code : undefined
    const name = `${block.page.replace(/^docs\//, '')}:${block.line}`
    const varying = output !== undefined && next?.flags.includes('varying') === true
    examples.push({
      block,
      name,
      ...(output !== undefined && { output }),
      ...(varying && { varying }),
    })
  })
  return examples
}

/** The languages whose blocks must say whether the tests execute them. */
const EXECUTABLE_LANGS = ['ts', 'sh']

/**
 * The `ts` and `sh` blocks that neither run (`run`, `vitest`) nor say why not (`norun` followed
 * by a reason, e.g. ```` ```sh norun installs from the npm registry ````): an example nobody
 * decided about is one that can rot unnoticed.
 */
export function undecidedBlocks(blocks: CodeBlock[]): CodeBlock[] {
  return blocks.filter((block) => {
    if (!EXECUTABLE_LANGS.includes(block.lang)) return false
    if (block.flags.includes('run') || block.flags.includes('vitest')) return false
    return !block.flags.includes('norun') || block.reason === ''
  })
}
