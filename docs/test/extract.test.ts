import { describe, expect, it } from 'vitest'
import { examplesOf, extractBlocks, undecidedBlocks } from './examples/extract.ts'
import { normaliseVarying } from './examples/normalise.ts'

const page = (markdown: string) => extractBlocks('docs/page.md', markdown)

describe('undecidedBlocks', () => {
  it('returns the ts and sh blocks marked neither run, vitest nor norun with a reason', () => {
    const blocks = page(
      [
        '```sh',
        'npm install',
        '```',
        '```sh norun',
        'npm start',
        '```',
        '```ts',
        'x',
        '```',
        '```sh norun installs from the registry',
        'npm i',
        '```',
        '```ts run',
        'y',
        '```',
        '```ts vitest',
        'z',
        '```',
        '```yaml',
        'a: 1',
        '```',
      ].join('\n'),
    )
    expect(undecidedBlocks(blocks).map((block) => block.line)).toEqual([1, 4, 7])
  })
})

describe('examplesOf', () => {
  it('does not run a norun block whose reason happens to contain the word run', () => {
    const blocks = page(['```sh norun a mutation run takes minutes', 'npm test', '```'].join('\n'))
    expect(examplesOf(blocks)).toEqual([])
    expect(undecidedBlocks(blocks)).toEqual([])
  })

  it('marks an example whose output block says varying', () => {
    const [plain, varying] = examplesOf(
      page(
        ['```sh run', 'a', '```', '```text output', '1', '```', '```sh run', 'b', '```']
          .concat(['```text output varying', '2', '```'])
          .join('\n'),
      ),
    )
    expect(plain).toMatchObject({ output: '1\n' })
    expect(plain).not.toHaveProperty('varying')
    expect(varying).toMatchObject({ output: '2\n', varying: true })
  })
})

describe('normaliseVarying', () => {
  it('replaces the run marker, record ids and timings, and nothing else', () => {
    const text =
      'POST http://app.test/todos/1153714100 {"id":1153714100,"content":"tkigsm3s x 201"} 4.2ms 13 ms'
    expect(normaliseVarying(text)).toBe(
      'POST http://app.test/todos/<id> {"id":<id>,"content":"tk<run> x 201"} <n>ms <n>ms',
    )
  })

  it('lets two runs of the same failure compare equal, and different failures differ', () => {
    const run = (marker: string, id: number, content: string) =>
      normaliseVarying(`tk${marker} {"id":${id},"content":"${content}"}`)
    expect(run('igsm3s', 1, 'untitled')).toBe(run('319ugr', 2, 'untitled'))
    expect(run('igsm3s', 1, 'untitled')).not.toBe(run('igsm3s', 1, 'kept'))
  })
})
