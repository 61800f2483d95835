import { listen, type RunningServer } from '@todokit/reference-server'

/**
 * Serves fixed bodies by path (`{ '/': ['text/html', '<html>…'] }`) on a free loopback port, for
 * pages a browser test loads.
 */
export function serveStatic(files: Record<string, [string, string]>): Promise<RunningServer> {
  return listen(
    {
      fetch: (request) => {
        const file = files[new URL(request.url).pathname]
        if (!file) return new Response(null, { status: 404 })
        return new Response(file[1], { headers: { 'content-type': file[0] } })
      },
    },
    { port: 0 },
  )
}
