import { runToCompletion } from '../../scripts/lib/processes.ts'

/**
 * How tests reach the registry. npm's defaults retry a failed request twice after 10 s and 60 s,
 * so a certificate or proxy problem used to surface minutes later as a killed test. One retry
 * after a second still rides out a dropped connection; a refused certificate or connection fails
 * at once. The timeout is per request and generous enough for a runtime's 50 MB tarball.
 */
const FAIL_FAST = [
  '--fetch-retries=1',
  '--fetch-retry-mintimeout=1000',
  '--fetch-retry-maxtimeout=2000',
  '--fetch-timeout=120000',
]

/** The lines of npm's output that say what went wrong, without its log-file pointer. */
function npmErrorSummary(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => line.startsWith('npm error') && !line.includes('A complete log of this run'))
    .map((line) => line.replace(/^npm error\s*/, ''))
  return lines.length > 0 ? lines.join('\n') : stderr.trim()
}

/**
 * `npm install` for a test or script, failing within seconds when the registry cannot be reached
 * and saying which package and why. It inherits the environment, so the registry, CA bundle and
 * proxy of the npm that started the run (passed through turbo, see turbo.json) apply here too,
 * whichever Node runs this npm.
 *
 * @example
 * await npmInstall(['--no-save', 'bun@1.4.5'], { cwd: project })
 * // throws: npm install bun@1.4.5 failed: request to https://registry.npmjs.org/bun failed,
 * //   reason: self-signed certificate in certificate chain
 */
export async function npmInstall(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<void> {
  const run = await runToCompletion(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', ...FAIL_FAST, ...args],
    { timeoutMs: 300_000, ...options },
  )
  if (run.code === 0) return
  const packages = args.filter((arg) => !arg.startsWith('-')).join(' ')
  throw new Error(`npm install ${packages} failed: ${npmErrorSummary(run.stderr)}`)
}
