import type { ConformanceReport } from '../report.ts'
import { renderGithub } from './github.ts'
import { renderJunit } from './junit.ts'
import { type PrettyOptions, renderPretty } from './pretty.ts'

/** Names of the report formats. */
export const REPORTERS = ['pretty', 'json', 'junit', 'github'] as const
export type ReporterName = (typeof REPORTERS)[number]

/**
 * Renders a finished report in the named format.
 * @example process.stdout.write(renderReport(report, 'json'))
 */
export function renderReport(
  report: ConformanceReport,
  reporter: ReporterName,
  options: PrettyOptions = {},
): string {
  if (reporter === 'json') return `${JSON.stringify(report, null, 2)}\n`
  if (reporter === 'pretty') return `${renderPretty(report, options)}\n`
  return (reporter === 'junit' ? renderJunit : renderGithub)(report)
}
