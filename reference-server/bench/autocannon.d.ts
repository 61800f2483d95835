/** The part of autocannon's programmatic API the benchmark uses (it ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
    total: number
  }
  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request) => Request
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    requests?: Request[]
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
