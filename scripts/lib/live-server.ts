import { type AppOptions, createApp, listen, type RunningServer } from '@todokit/reference-server'

/** A reference server listening on 127.0.0.1 inside this process. */
export type LiveServer = RunningServer

/**
 * Starts `createApp(options)` on a free loopback port with the package's own `listen()`, so the
 * docs' examples see what `todokit-server` serves (its reason phrases and connection limits).
 */
export function startReferenceServer(options: AppOptions = {}): Promise<LiveServer> {
  return listen(createApp(options), { port: 0 })
}
