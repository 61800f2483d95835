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

const { argv, stdout, stderr, env } = process
process.exitCode = await runCli(argv.slice(2), { stdout, stderr, env, signal: controller.signal })
