import { defineConfig, mergeConfig } from 'vitest/config'
import shared from '../vitest.shared.ts'

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      globalSetup: ['./test/setup/build-packages.ts'],
      // These tests start servers, runtimes, npm and a browser: seconds, not milliseconds.
      testTimeout: 120_000,
      hookTimeout: 180_000,
    },
  }),
)
