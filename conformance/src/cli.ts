#!/usr/bin/env node
import { EXIT, runCli } from './cli/main.ts'

// First Ctrl-C: stop checking and remove the records created so far. Second: leave at once.
const controller = new AbortController()
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(EXIT.interrupted)
  process.stderr.write(
    '\nInterrupted: removing the records this run created (Ctrl-C again to quit now)…\n',
  )
  controller.abort()
})

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: controller.signal,
})
