// Generated from the reference server’s /openapi.json by openapi-typescript.
// Do not edit: run `npm run docs:generate`.
export interface paths {
  '/todos': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** List todos */
    get: operations['list']
    put?: never
    /** Create a todo */
    post: operations['create']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/todos/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /** Get a todo */
    get: operations['get']
    /** Replace a todo */
    put: operations['replace']
    post?: never
    /** Delete a todo */
    delete: operations['delete']
    options?: never
    head?: never
    /** Change part of a todo */
    patch: operations['update']
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: {
    Todo: {
      id: number
      content: string
      completed: boolean
    } & {
      [key: string]: unknown
    }
    TodoList: ({
      id: number
      content: string
      completed: boolean
    } & {
      [key: string]: unknown
    })[]
    TodoCreate: {
      id?: number
      content: string
      /** @default false */
      completed?: boolean
    }
    TodoReplace: {
      id: number
      content: string
      completed: boolean
    }
    TodoPatch: {
      content?: string
      completed?: boolean
    }
    ProblemDetails: {
      type?: string
      title?: string
      status?: number
      detail?: string
      instance?: string
      errors?: ({
        pointer: string
        detail: string
      } & {
        [key: string]: unknown
      })[]
    } & {
      [key: string]: unknown
    }
  }
  responses: {
    /** @description Bad Request: Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path. */
    Status400: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Not Found: No todo with this id. */
    Status404: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Method Not Allowed: The method is not allowed on this path; `Allow` lists the ones that are. */
    Status405: {
      headers: {
        Allow?: string
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Conflict: The id the client chose belongs to another todo, or the store holds as many todos as it may (delete some first). */
    Status409: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Precondition Failed: `If-Match` does not match the todo’s current ETag. */
    Status412: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Content Too Large: The body is larger than the limit. */
    Status413: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Unsupported Media Type: The body is not sent as JSON. */
    Status415: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Internal Server Error: The server failed; the body never carries a stack trace. */
    Status500: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Service Unavailable: With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later. */
    Status503: {
      headers: {
        [name: string]: unknown
      }
      content: {
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
  }
  parameters: never
  requestBodies: never
  headers: never
  pathItems: never
}
export type $defs = Record<string, never>
export interface operations {
  list: {
    parameters: {
      query?: {
        /** @description Only the todo with this id. */
        id?: string
        /** @description Only todos whose content is exactly this text. */
        content?: string
        /** @description Only todos with this completion state: `true` or `false`. */
        completed?: 'true' | 'false'
        /** @description Only todos whose content contains this text, ignoring case (at most 1000 characters). */
        q?: string
        /** @description Sort keys, comma-separated, earlier keys first: id, -id, content, -content, completed, -completed (`-` for descending). A field may appear once. Without it, todos come in ascending id order. */
        order?: string
        /** @description Paging, opt-in: at most this many todos (1 to 1000). While more follow, the `Link` header names the next page. Without it, the list is every todo the query selects. */
        limit?: string
        /** @description Where the page starts: copied from the `Link` header of the page before, never built by hand. It is valid only with the filters, `q` and `order` it was made for (400 otherwise). Todos that exist for the whole walk and do not change appear exactly once, whatever else is created or deleted meanwhile. */
        cursor?: string
      }
      header?: {
        'If-None-Match'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          /** @description With `limit`, while more todos follow: `<url>; rel="next"` (RFC 8288), the URL of the next page with the same query and a `cursor`. Absent on the last page. */
          Link?: string
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['TodoList']
        }
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['Status400']
      405: components['responses']['Status405']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  create: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['TodoCreate']
      }
    }
    responses: {
      /** @description Created. `Location` is the new todo’s path. */
      201: {
        headers: {
          Location?: string
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      405: components['responses']['Status405']
      409: components['responses']['Status409']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  get: {
    parameters: {
      query?: never
      header?: {
        'If-None-Match'?: string
      }
      path: {
        id: number
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Todo']
        }
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      405: components['responses']['Status405']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  replace: {
    parameters: {
      query?: never
      header?: {
        'If-Match'?: string
      }
      path: {
        id: number
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['TodoReplace']
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      405: components['responses']['Status405']
      412: components['responses']['Status412']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  delete: {
    parameters: {
      query?: never
      header?: {
        'If-Match'?: string
      }
      path: {
        id: number
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Deleted; the body is the todo as it was. */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      405: components['responses']['Status405']
      412: components['responses']['Status412']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  update: {
    parameters: {
      query?: never
      header?: {
        'If-Match'?: string
      }
      path: {
        id: number
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': components['schemas']['TodoPatch']
        'application/merge-patch+json': components['schemas']['TodoPatch']
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content: {
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      405: components['responses']['Status405']
      412: components['responses']['Status412']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
}
