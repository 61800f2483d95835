import type { CheckResult, ConformanceReport } from '../report.ts'
import { renderFailure } from './pretty.ts'
import { cleanupNotes, explorationSummary, view } from './view.ts'

const ENTITIES: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }
// What XML forbids in the server's text, the view's clean copy has escaped: markup is what is left.
const xml = (text: string) => text.replace(/[&<>"]/g, (char) => `&${ENTITIES[char]};`)

const testcase = (classname: string, name: string, body?: string) =>
  `    <testcase classname="todokit.${classname}" name="${xml(name)}" time="0.000"${body ? `>\n      ${body}\n    </testcase>` : '/>'}`

/** A failure that does not decide the verdict is shown as skipped, so CI agrees with the exit code. */
function outcome(result: CheckResult) {
  const { status, counted, level, message = '' } = result
  if (status === 'passed') return undefined
  if (status === 'failed' && counted)
    return `<failure message="${xml(message)}" type="${level}">${xml(renderFailure(result))}</failure>`
  return `<skipped message="${xml(status === 'failed' ? `informational failure: ${message}` : message)}"/>`
}

/**
 * The report as JUnit XML: a testsuite per level, a testcase per rule. A server that stopped
 * answering is an error of a `server` testsuite; records the run could not remove are the
 * system-err of a `cleanup` testsuite (they do not change the verdict).
 */
export function renderJunit(report: ConformanceReport): string {
  const { shown, levels } = view(report)
  const { startedAt, unreachable, exploration, hints } = shown
  const left = cleanupNotes(shown)
  const suites = levels.map(({ label, results }) => ({
    name: label,
    cases: results.map((r) => testcase(r.level, `${r.id}: ${r.title}`, outcome(r))),
  }))
  if (unreachable !== undefined) {
    const error = `<error message="${xml(`the server stopped answering: ${unreachable}`)}" type="unreachable"/>`
    const name = 'server: answers for the whole run'
    suites.push({ name: 'server', cases: [testcase('server', name, error)] })
  }
  if (left.length > 0) {
    const err = `<system-err>${xml(left.join('\n'))}</system-err>`
    const name = 'cleanup: records the run created and could not remove'
    suites.push({ name: 'cleanup', cases: [testcase('cleanup', name, err)] })
  }
  // The JUnit schema allows properties in a testsuite only: each suite carries the seed.
  const properties = Object.entries({
    'exploration.seed': String(exploration.seed),
    'exploration.budget': exploration.budget,
    'exploration.summary': explorationSummary(shown),
    ...Object.fromEntries(hints.map((hint, i) => [`hint.${i + 1}`, hint])),
  }).map(([name, value]) => `      <property name="${name}" value="${xml(value)}"/>`)
  // The server's text is escaped, so a `<` in a testcase opens one of the kit's elements.
  const count = (cases: string[], tag: string) => cases.filter((c) => c.includes(`<${tag} `)).length
  const counts = (cases: string[]) =>
    `tests="${cases.length}" failures="${count(cases, 'failure')}" errors="${count(cases, 'error')}"`
  const all = suites.flatMap(({ cases }) => cases)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xml(`${shown.tool} ${shown.baseUrl}`)}" ${counts(all)} time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites.flatMap(({ name, cases }) => [
      `  <testsuite name="${xml(name)}" ${counts(cases)} skipped="${count(cases, 'skipped')}" time="0.000" timestamp="${startedAt}">`,
      '    <properties>',
      ...properties,
      '    </properties>',
      ...cases,
      '  </testsuite>',
    ]),
    '</testsuites>',
    '',
  ].join('\n')
}
