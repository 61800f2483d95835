/**
 * The problem `type` URIs the contract defines for its own servers. A 404 says which thing was
 * missing: the todo the URL names, or any resource at that path (a client whose base URL is
 * wrong). They are `tag:` URIs (RFC 4151), which RFC 9457 allows: names, not links to follow.
 * Every other problem is `about:blank`, its `title` the standard reason phrase.
 *
 * @example
 * if (problem.type === PROBLEM_TYPES.routeNotFound) console.error('check the base URL')
 */
export const PROBLEM_TYPES = {
  /** 404: the path is a todo's, and no todo has that id. */
  todoNotFound: 'tag:todokit.dev,2026:todo-not-found',
  /** 404: nothing is served at the path; a client's base URL is likely wrong. */
  routeNotFound: 'tag:todokit.dev,2026:route-not-found',
} as const
