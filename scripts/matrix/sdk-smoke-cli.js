// Runs the SDK smoke check against the URL given as first argument and prints one JSON line;
// exits 1 when a check fails. `process.argv` exists in Node, Bun and Deno 2 alike.
import { describeRuntime, runSdkSmoke } from './sdk-smoke.js'

const baseUrl = process.argv[2]
try {
  const { runtime, steps } = await runSdkSmoke(baseUrl)
  console.log(JSON.stringify({ ok: true, runtime, steps }))
} catch (error) {
  console.log(JSON.stringify({ ok: false, runtime: describeRuntime(), error: String(error) }))
  process.exitCode = 1
}
