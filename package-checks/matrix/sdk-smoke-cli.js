// Runs the SDK smoke check against the server URL given as first argument (the URL where nothing
// listens as second, the quirks server as third) and prints one JSON line; exits 1 when a check
// fails.
// `process.argv` exists in Node, Bun and Deno 2 alike.
import { describeRuntime, runSdkSmoke } from './sdk-smoke.js'

const [baseUrl, closedUrl, quirksUrl] = process.argv.slice(2)
try {
  const { runtime, steps } = await runSdkSmoke(baseUrl, closedUrl, quirksUrl)
  console.log(JSON.stringify({ ok: true, runtime, steps }))
} catch (error) {
  console.log(JSON.stringify({ ok: false, runtime: describeRuntime(), error: String(error) }))
  process.exitCode = 1
}
