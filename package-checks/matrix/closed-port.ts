import { listen } from '@todokit/reference-server'

/**
 * A URL on 127.0.0.1 where nothing listens: a port the system just handed out, closed again, so
 * a connection to it is refused (rather than blocked, as browsers block well-known ports).
 */
export async function closedPortUrl(): Promise<string> {
  const server = await listen({ fetch: () => new Response() }, { port: 0 })
  await server.close()
  return server.url
}
