import type { Hono } from 'hono'
import { etag } from 'hono/etag'
import { secureHeaders } from 'hono/secure-headers'

/** Where the page loads the API reference bundle from: this server, never a CDN. */
export const DOCS_SCRIPT_PATH = '/docs/api-reference.js'

/**
 * The `/docs` page: Scalar's API reference over `/openapi.json`. Its configuration keeps it
 * offline: no default web fonts, no telemetry, no AI agent, no request proxy.
 */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>todokit API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="${DOCS_SCRIPT_PATH}"></script>
    <script>
      Scalar.createApiReference('#app', {
        url: '/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        hideClientButton: false,
      })
    </script>
  </body>
</html>
`

/**
 * The page may only talk to this server: even if a future Scalar version reached for a font or
 * an API on the internet, the browser would refuse rather than leak or stall. No other site may
 * frame it, and it sends no referrer.
 */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'unsafe-inline'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: 'no-referrer',
  xFrameOptions: 'DENY',
})

/** Reads Scalar's standalone bundle from the installed `@scalar/api-reference` package. */
async function readBundle(): Promise<string> {
  // Imported lazily: the app also runs where node:fs does not exist (msw in a browser).
  const [{ readFile }, { createRequire }] = await Promise.all([
    import('node:fs/promises'),
    import('node:module'),
  ])
  const require = createRequire(import.meta.url)
  return readFile(require.resolve('@scalar/api-reference/browser/standalone.js'), 'utf8')
}

/** Serves the interactive API reference at `/docs`, with its script from node_modules. */
export function registerDocsPage(app: Hono): void {
  let bundle: Promise<string> | undefined
  app.get(
    '/docs',
    pageHeaders,
    () => new Response(PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  )
  app.get(DOCS_SCRIPT_PATH, etag(), async () => {
    bundle ??= readBundle().catch((error: unknown) => {
      bundle = undefined
      throw error
    })
    return new Response(await bundle, {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=3600',
      },
    })
  })
}
