import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  deadLinks,
  describeDeadLinks,
  headingAnchors,
  markdownLinks,
} from '../../scripts/lib/markdown-links.ts'
import { guidesToPack } from '../../scripts/lib/pack-guides.ts'
import { fromRoot, ROOT } from '../../scripts/lib/paths.ts'
import { PUBLISHED, type PublishedFolder } from '../lib/pack.ts'

const work = mkdtempSync(join(tmpdir(), 'todokit-guides-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

function writePages(dir: string, pages: Record<string, string | Buffer>): string {
  for (const [path, text] of Object.entries(pages)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('markdownLinks', () => {
  it('finds links in paragraphs, lists, tables and reference definitions, not in code', () => {
    const page = [
      'See [the guide](../docs/sdk.md) and <https://zod.dev>.',
      '',
      '- an item with [a file](./DURABILITY.md#what-data-promises)',
      '',
      '| Page | What |',
      '| --- | --- |',
      '| [rules](rules.md) | the table |',
      '',
      '```md',
      '[not a link](nowhere.md)',
      '```',
      '',
      'Use [the contract][contract] and `[nor this](code.md)`.',
      '',
      '[contract]: ./contract.md',
    ].join('\n')
    expect(markdownLinks(page)).toEqual([
      { href: '../docs/sdk.md', line: 1 },
      { href: 'https://zod.dev', line: 1 },
      { href: './DURABILITY.md#what-data-promises', line: 3 },
      { href: 'rules.md', line: 7 },
      { href: './contract.md', line: 15 },
    ])
  })
})

describe('headingAnchors', () => {
  it('slugs headings as GitHub and npm render them: code spans, punctuation and repeats', () => {
    const anchors = headingAnchors(
      "# `npm test` and Node ≥ 22\n\n## The test's <timeout> & sort\n\n## Retries\n\n## Retries\n",
    )
    expect([...anchors]).toEqual([
      'npm-test-and-node--22',
      'the-tests-timeout--sort',
      'retries',
      'retries-1',
    ])
  })
})

describe('deadLinks', () => {
  it('reports a missing file, a missing anchor and a link out of the root, and follows pages', () => {
    const root = writePages(join(work, 'dead'), {
      'README.md': '[guide](./docs/guide.md) [gone](./gone.md) [repo](../docs/sdk.md)\n',
      'docs/guide.md': '# Guide\n\n[back](../README.md) [top](#guide) [nowhere](#retries)\n',
    })
    expect(describeDeadLinks(deadLinks(root, ['README.md']))).toEqual([
      'README.md:1 ./gone.md (no such file)',
      `README.md:1 ../docs/sdk.md (leads outside ${root})`,
      'docs/guide.md:3 #retries (no heading with the anchor #retries)',
    ])
  })
})

describe("the repository's Markdown pages", () => {
  it('have no dead link (files and heading anchors)', () => {
    const pages = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
    expect(pages.length).toBeGreaterThan(10)
    expect(describeDeadLinks(deadLinks(ROOT, pages))).toEqual([])
  })
})

describe.each(Object.keys(PUBLISHED) as PublishedFolder[])('packing %s', (folder) => {
  it('leads every link of its README, and of the guides it copies in, to a file of the package', () => {
    // The package folder as `prepack` leaves it, in a copy: the repository's pages stay as they
    // are, and ../docs does not exist beside the copy, as it does not beside an installed package.
    const copy = join(work, folder, 'package')
    cpSync(fromRoot(folder), copy, {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    })
    const { rewritten, copied } = guidesToPack(folder)
    writePages(copy, Object.fromEntries([...rewritten, ...copied]))
    expect(describeDeadLinks(deadLinks(copy, ['README.md']))).toEqual([])
    expect(rewritten.has('README.md')).toBe(true)
  })
})
