import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fromRoot, ROOT } from '../../scripts/lib/paths.ts'
import { PUBLISHED } from '../lib/pack.ts'

const engines = (folder: string) =>
  (
    JSON.parse(readFileSync(fromRoot(folder, 'package.json'), 'utf8')) as {
      engines: { node: string }
    }
  ).engines.node

/** The one requirement, as the root's `engines` states it. */
const REQUIRED = engines('.')

describe('the Node requirement', () => {
  it('is one range: the root and every published package state the same engines', () => {
    expect(REQUIRED).toBe('^22.13.0 || >=23.4.0')
    for (const folder of Object.keys(PUBLISHED)) expect(engines(folder), folder).toBe(REQUIRED)
  })

  it('is the one every page names: no page states a bare major such as "Node ≥ 22"', () => {
    const pages = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' })
      .trim()
      .split('\n')
    const vague = pages.flatMap((page) =>
      readFileSync(fromRoot(page), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /Node (≥|>=) ?\d+(?!\d|\.\d)/.test(line) ? [`${page}:${index + 1}: ${line.trim()}`] : [],
        ),
    )
    expect(vague).toEqual([])
    for (const folder of Object.keys(PUBLISHED))
      expect(readFileSync(fromRoot(folder, 'README.md'), 'utf8'), folder).toContain(REQUIRED)
  })
})
