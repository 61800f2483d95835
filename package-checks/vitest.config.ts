import { defineConfig, mergeConfig } from 'vitest/config'
import shared from '../vitest.shared.ts'

export default mergeConfig(
  shared,
  defineConfig({
    test: {
      globalSetup: [
        '../scripts/lib/build-packages.ts',
        './test/setup/build-binary.ts',
        './test/setup/network-installs.ts',
      ],
      // These tests start servers, runtimes, npm and a browser: seconds, not milliseconds.
      testTimeout: 120_000,
      // The registry installs run in globalSetup, before any hook.
      hookTimeout: 60_000,
    },
  }),
)
