/**
 * BASELINE, not the product: the framework's own share. The same work as `bare.ts`
 * (`baseline.ts`), routed by Hono and served by `@hono/node-server`'s `serve()` as its docs
 * show: what a request costs through the stack the reference server is built on, before any
 * of the reference server's own work.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { type Answer, create, get, idOf, list, loadSeed, patch } from './baseline.ts'
import { announce, measureMemory } from './ready.ts'

const empty = measureMemory()
loadSeed()
const seeded = measureMemory()

const send = ({ status, body, headers }: Answer) =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })

const app = new Hono()
  .get('/todos', (c) => send(list(new URL(c.req.url).searchParams)))
  .post('/todos', async (c) => send(create(await c.req.text())))
  .get('/todos/:id', (c) => send(get(idOf(c.req.param('id')))))
  .patch('/todos/:id', async (c) => send(patch(idOf(c.req.param('id')), await c.req.text())))

serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, ({ port }) => {
  announce(`http://127.0.0.1:${port}`, empty, seeded)
})
