/**
 * `npm run bench` in sdk/: the CPU the client spends per call, against bare ky making the same
 * request, measured in the same run. The server runs in a child process, so only the client's
 * CPU is counted. Prints the figures; writes no file.
 */
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import ky from 'ky'
import { TodoClient } from '../src/index.ts'

const TODOS = Array.from({ length: 100 }, (_, index) => ({
  id: index + 1,
  content: `Todo number ${index + 1}`,
  completed: index % 2 === 0,
}))

if (process.argv[2] === 'serve') {
  const list = JSON.stringify(TODOS)
  const one = JSON.stringify(TODOS[0])
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(request.url === '/todos' ? list : one)
  })
  server.listen(0, '127.0.0.1', () => {
    process.send?.((server.address() as AddressInfo).port)
  })
} else {
  const child = fork(import.meta.filename, ['serve'])
  const port = await new Promise<number>((resolve) => child.once('message', resolve))
  const base = `http://127.0.0.1:${port}`
  const client = new TodoClient({ baseUrl: base })
  const bare = ky.create({ retry: { limit: 2, methods: ['get'] } })

  /** CPU microseconds per call of `call`, over `rounds` calls. */
  async function cpuPerCall(call: () => Promise<unknown>, rounds = 500): Promise<number> {
    const start = process.cpuUsage()
    for (let index = 0; index < rounds; index++) await call()
    const { user, system } = process.cpuUsage(start)
    return (user + system) / rounds
  }

  const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
    ['GET /todos/1', () => client.todos.get(1), () => bare.get(`${base}/todos/1`).json()],
    ['GET /todos (100)', () => client.todos.list(), () => bare.get(`${base}/todos`).json()],
  ]
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? NaN
  // Every case is warmed before any is measured: the first one measured would otherwise pay
  // for the JIT's work on code the others share.
  for (const [, sdk, kyCall] of cases) {
    await cpuPerCall(kyCall)
    await cpuPerCall(sdk)
  }
  for (const [name, sdk, kyCall] of cases) {
    // Short rounds taken in turn, so a burst of background load falls on both alike; the median
    // of the rounds' ratios is reported.
    const sdkCosts: number[] = []
    const kyCosts: number[] = []
    const ratios: number[] = []
    for (let round = 0; round < 15; round++) {
      const kyCost = await cpuPerCall(kyCall)
      const sdkCost = await cpuPerCall(sdk)
      kyCosts.push(kyCost)
      sdkCosts.push(sdkCost)
      ratios.push(sdkCost / kyCost)
    }
    console.log(
      `${name}: SDK ${median(sdkCosts).toFixed(0)} µs CPU per call, bare ky ${median(kyCosts).toFixed(0)} µs: ${median(ratios).toFixed(2)}x`,
    )
  }
  child.kill()
}
