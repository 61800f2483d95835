import type { Hono } from 'hono'
import { etag } from 'hono/etag'
import { secureHeaders } from 'hono/secure-headers'
import { problem } from '../http/problem.ts'

/** Where the page loads the API reference bundle from: this server, never a CDN. */
export const DOCS_SCRIPT_PATH = '/docs/api-reference.js'

/** An HTML page titled for the API reference, with `body` as its content. */
const htmlPage = (body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>todokit API reference</title>
  </head>
  <body>
${body}
  </body>
</html>
`

/**
 * The `/docs` page: Scalar's API reference over `/openapi.json`. Its configuration keeps it
 * offline: no default web fonts, no telemetry, no AI agent, no request proxy.
 */
const PAGE = htmlPage(`    <div id="app"></div>
    <script src="${DOCS_SCRIPT_PATH}"></script>
    <script>
      Scalar.createApiReference('#app', {
        url: '/openapi.json',
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        hideClientButton: false,
      })
    </script>`)

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

/** The package the interactive reference comes from: an optional peer dependency. */
const SCALAR_PACKAGE = '@scalar/api-reference'

const INSTALL_HINT = `npm install ${SCALAR_PACKAGE}`

/** What `/docs` shows when Scalar is not installed: how to get it, and where the document is. */
const INSTALL_PAGE = htmlPage(`    <h1>todokit API reference</h1>
    <p>The interactive reference needs the optional package <code>${SCALAR_PACKAGE}</code>,
    which is not installed here. Install it beside <code>@todokit/reference-server</code> and
    restart the server:</p>
    <pre><code>${INSTALL_HINT}</code></pre>
    <p>The OpenAPI document is served all the same: <a href="/openapi.json">/openapi.json</a>.</p>`)

/**
 * The file of Scalar's standalone bundle, or `undefined` when the package is not installed (or
 * the runtime has no `node:module`, as msw in a browser).
 */
export async function locateScalarBundle(): Promise<string | undefined> {
  try {
    const { createRequire }: typeof import('node:module') = await importNodeOnly('node:module')
    return createRequire(import.meta.url).resolve(`${SCALAR_PACKAGE}/browser/standalone.js`)
  } catch {
    return undefined
  }
}

async function readBundle(file: string): Promise<string> {
  const { readFile }: typeof import('node:fs/promises') = await importNodeOnly('node:fs/promises')
  return readFile(file, 'utf8')
}

/**
 * Imports one of Node's modules when the page is first asked for. The app also runs in browsers
 * (the msw kit under `setupWorker`), where these modules do not exist: a specifier passed in,
 * rather than written in the `import()`, is one a browser bundler leaves alone instead of
 * failing to resolve it.
 */
function importNodeOnly(specifier: 'node:module' | 'node:fs/promises') {
  return import(specifier)
}

/**
 * Serves the interactive API reference at `/docs`, with its script from node_modules. Without
 * Scalar installed, `/docs` is a page that says how to install it and its script a 404 that
 * says the same: never a 5xx.
 */
export function registerDocsPage(
  app: Hono,
  locateBundle: () => Promise<string | undefined> = locateScalarBundle,
): void {
  let located: Promise<string | undefined> | undefined
  let bundle: Promise<string> | undefined
  const html = (page: string) =>
    new Response(page, { headers: { 'content-type': 'text/html; charset=utf-8' } })

  app.get('/docs', pageHeaders, async () => {
    located ??= locateBundle()
    return html((await located) === undefined ? INSTALL_PAGE : PAGE)
  })
  app.get(DOCS_SCRIPT_PATH, etag(), async () => {
    located ??= locateBundle()
    const file = await located
    if (file === undefined) {
      return problem(
        404,
        `The API reference needs ${SCALAR_PACKAGE}, which is not installed: ${INSTALL_HINT}`,
      )
    }
    bundle ??= readBundle(file).catch((error: unknown) => {
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
