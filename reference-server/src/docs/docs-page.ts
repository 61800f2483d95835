import type { Hono } from 'hono'
import { html } from 'hono/html'
import { NONCE, secureHeaders } from 'hono/secure-headers'

/** The parts of the app's own OpenAPI document the page shows. */
type Described = { description?: string | undefined }
type Media = Record<string, { schema?: unknown; example?: unknown }>
type Answer = Described & { $ref?: string; headers?: Record<string, Described>; content?: Media }
type Parameter = Described & { name: string; in: string; required: boolean; schema?: unknown }
interface Operation extends Described {
  operationId: string
  summary: string
  parameters?: Parameter[]
  requestBody?: { content: Media }
  responses: Record<string, Answer>
}
interface OpenApi {
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Described>; responses: Record<string, Answer> }
}

/** The page's anchor for a component: `#/components/schemas/Todo` → `schema-Todo`. */
const anchorOf = (ref: string) => ref.replace(/^#\/components\/(schema|response)s\//, '$1-')

/** The document's prose: a blank line parts paragraphs, backticks mark code. */
const prose = (text = '') =>
  text.split('\n\n').map((paragraph) => {
    const parts = paragraph.split(/`([^`]+)`/)
    return html`<p>${parts.map((part, i) => (i % 2 ? html`<code>${part}</code>` : part))}</p>`
  })

/** A value as JSON, each `$ref` in it a link to the component it names. */
const json = (value: unknown, indent?: number) => {
  const parts = (JSON.stringify(value, null, indent) ?? '').split(/("#\/components\/[^"]+")/)
  const linked = parts.map((part, i) =>
    i % 2 ? html`<a href="#${anchorOf(part.slice(1, -1))}">${part}</a>` : part,
  )
  return html`<pre>${linked}</pre>`
}

const media = (content: Media = {}) =>
  Object.entries(content).map(
    ([type, { schema, example }]) =>
      html`<p><code>${type}</code></p>${schema !== undefined && html`<p>Schema:</p>${json(schema)}`}${
        example !== undefined && html`<p>Example:</p>${json(example, 2)}`
      }`,
  )

/** One answer, under `id`; a shared one links its component and shows it in full. */
function answer(id: string, label: string, given: Answer, shared: Record<string, Answer>) {
  const name = given.$ref?.split('/').pop()
  const { description, headers = {}, content } = (name && shared[name]) || given
  return html`<dt id="${id}">${label}${name && html` · <a href="#response-${name}">${name}</a>`}</dt>
<dd>${prose(description)}${Object.entries(headers).map(
    ([header, { description = '' }]) => html`<p>Header <code>${header}</code>: ${description}</p>`,
  )}${media(content)}</dd>`
}

type Listed = { method: string; path: string; op: Operation }

function operation({ method, path, op }: Listed, shared: Record<string, Answer>) {
  const { operationId: id, parameters = [], requestBody } = op
  const rows = parameters.map(
    (p) => html`<tr><td><code>${p.name}</code> (${p.in}${p.required && ', required'})</td>
<td>${prose(p.description)}</td><td>${json(p.schema)}</td></tr>`,
  )
  return html`<section id="${id}"><h2><a href="#${id}">${method} ${path}</a> · ${op.summary}</h2>
${prose(op.description)}${rows.length > 0 && html`<h3>Parameters</h3><table>${rows}</table>`}
${requestBody && html`<h3>Request body</h3>${media(requestBody.content)}`}
<h3>Responses</h3><dl>${Object.entries(op.responses).map(([status, given]) =>
    answer(`${id}-${status}`, status, given, shared),
  )}</dl></section>`
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:62rem;margin:auto;padding:1rem}
pre{background:#f3f3f3;padding:.5rem;white-space:pre-wrap}h2{border-top:1px solid #ccc}
dt{font-weight:bold}td{vertical-align:top}`

/** The page's body, from the OpenAPI document: operations, then schemas, then problems. */
function render({ info, paths, components }: OpenApi) {
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  )
  const { schemas, responses } = components
  const list = (entries: [string, string][]) =>
    html`<ul>${entries.map(([id, text]) => html`<li><a href="#${id}">${text}</a></li>`)}</ul>`
  return html`<header><h1>${info.title} ${info.version}</h1>${prose(info.description)}
<p>The OpenAPI document: <a href="/openapi.json">/openapi.json</a>.</p></header>
<nav><h2>Operations</h2>${list(operations.map(({ method, path, op }) => [op.operationId, `${method} ${path} · ${op.summary}`]))}
<h2>Schemas</h2>${list(Object.keys(schemas).map((name) => [`schema-${name}`, name]))}
<h2>Problems</h2>${list(Object.entries(responses).map(([name, { description = name }]) => [`response-${name}`, description.replace(/:.*/s, '')]))}</nav>
<main>${operations.map((listed) => operation(listed, responses))}
<h2>Schemas</h2>${Object.entries(schemas).map(
    ([name, schema]) =>
      html`<section id="schema-${name}"><h3>${name}</h3>${prose(schema.description)}${json(schema, 2)}</section>`,
  )}
<h2>Problems</h2><p>Every error is an RFC 9457 problem: <code>application/problem+json</code>.</p>
<dl>${Object.entries(responses).map(([name, given]) => answer(`response-${name}`, name, given, {}))}</dl></main>`
}

/** No script, image, font or connection: only the page's own style. No framing, no referrer. */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    styleSrc: [NONCE],
    baseUri: ["'none'"],
    formAction: ["'none'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
})

/**
 * Serves the API reference at `/docs`: HTML rendered on the server from the app's own
 * `/openapi.json`, so it needs no package, runs no script and fetches nothing.
 */
export function registerDocsPage(app: Hono): void {
  app.get('/docs', pageHeaders, async (c) => {
    const served = await app.request('/openapi.json')
    const body = await render((await served.json()) as OpenApi)
    return c.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>todokit API reference</title><style nonce="${c.get('secureHeadersNonce')}">${STYLE}</style>
</head><body>${body}</body></html>`)
  })
}
