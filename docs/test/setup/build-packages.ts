// vitest globalSetup: the docs tests use the packages as consumers do (built dist, packed
// tarballs), so they build first. Under `npm test` turbo has already built them (docs#test
// depends on ^build) and this is a cache hit; run directly, it keeps dist from being stale.
import { buildPackages } from '../../../scripts/lib/build.ts'

export default function setup(): void {
  buildPackages()
}
