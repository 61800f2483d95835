/**
 * `baseUrl` as an absolute URL whose path ends in `/`, so `./todos` extends the base path instead
 * of replacing its last segment. Only a relative `baseUrl` reads `location` (the page, in
 * browsers): Deno throws on reading it unless started with `--location`.
 */
export function resolveBaseUrl(baseUrl: string | URL): URL {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    url = new URL(baseUrl, globalThis.location?.href)
  }
  url.pathname = url.pathname.replace(/\/*$/, '/')
  return url
}
