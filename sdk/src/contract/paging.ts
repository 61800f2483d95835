/**
 * The target of the `rel="next"` link in an RFC 8288 `Link` header, as written (it may be
 * relative), or `undefined` when there is none. `rel` may be quoted or not and may list several
 * relation types (`rel="next last"`); relation types are compared without regard to case.
 *
 * @example
 * nextLinkTarget('<https://api.example.com/todos?limit=2&cursor=WzEsMl0>; rel="next"')
 * // → 'https://api.example.com/todos?limit=2&cursor=WzEsMl0'
 * nextLinkTarget(null) // → undefined: the last page
 */
export function nextLinkTarget(link: string | null | undefined): string | undefined {
  for (const [, target, parameters = ''] of `${link}`.matchAll(/<([^>]*)>([^<]*)/g)) {
    // The value of rel, quoted or not: the quote, if any, is left out of the match.
    const rel = /;\s*rel\s*=\s*"?([^";,]*)/i.exec(parameters)
    if (`${rel?.[1]}`.toLowerCase().split(/\s+/).includes('next')) return target
  }
  return undefined
}
