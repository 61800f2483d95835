import { defineConfig, mergeConfig } from 'vitest/config'
import shared from '../vitest.shared.ts'

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      // The shell examples run the packages' bins, which load their built dist.
      globalSetup: ['../scripts/lib/build-packages.ts'],
      // Each example starts a server and a process: seconds, not milliseconds.
      testTimeout: 120_000,
    },
  }),
)
