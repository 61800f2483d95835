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
    /**
     * List todos
     * @description The todos the query selects, filtered by field and `q`, in the order of `order` (ascending id without it). With `limit`, one page and a `Link` to the next.
     */
    get: operations['listTodos']
    put?: never
    /**
     * Create a todo
     * @description Stores a new todo. Without `id` the server assigns one never used before; a taken id is 409.
     */
    post: operations['createTodo']
    delete?: never
    /**
     * Methods allowed on this path
     * @description Other methods get 405 Method Not Allowed, with the same `Allow` header.
     */
    options: operations['optionsTodos']
    /**
     * List todos: headers only
     * @description As GET, without a body: the status and headers alone (`ETag`, `Link`).
     */
    head: operations['headTodos']
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
    /**
     * Get a todo
     * @description The todo with this id, with its ETag; `If-None-Match` with that ETag gives 304.
     */
    get: operations['getTodo']
    /**
     * Replace a todo
     * @description Replaces every field of the todo; the body’s `id` must be the path’s. `If-Match` makes it conditional.
     */
    put: operations['replaceTodo']
    post?: never
    /**
     * Delete a todo
     * @description Removes the todo and answers with it as it was. `If-Match` makes it conditional.
     */
    delete: operations['deleteTodo']
    /**
     * Methods allowed on this path
     * @description Other methods get 405 Method Not Allowed, with the same `Allow` header.
     */
    options: operations['optionsTodo']
    /**
     * Get a todo: headers only
     * @description As GET, without a body: the status and headers alone (`ETag`).
     */
    head: operations['headTodo']
    /**
     * Change part of a todo
     * @description Changes the fields the body sends (JSON merge patch) and keeps the others. `If-Match` makes it conditional.
     */
    patch: operations['updateTodo']
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: {
    /**
     * @description A todo. Servers may add fields of their own; clients keep them.
     * @example {
     *       "id": 1,
     *       "content": "Buy milk",
     *       "completed": false
     *     }
     */
    Todo: {
      /** @description Assigned by the server, or proposed on create. */
      id: number
      content: string
      completed: boolean
    }
    /**
     * @description Todos in the order the query asked for (ascending id without `order`).
     * @example [
     *       {
     *         "id": 1,
     *         "content": "Buy milk",
     *         "completed": false
     *       },
     *       {
     *         "id": 2,
     *         "content": "Walk the dog",
     *         "completed": true
     *       }
     *     ]
     */
    TodoList: components['schemas']['Todo'][]
    /**
     * @description A new todo. Leave `id` out and the server assigns the next one; `completed` defaults to `false`.
     * @example {
     *       "content": "Buy milk"
     *     }
     * @example {
     *       "id": 42,
     *       "content": "Call mum",
     *       "completed": true
     *     }
     */
    TodoCreate: {
      /**
       * @description An id the client proposes: a positive integer up to 4503599627370496; the ids above are the server's to assign.
       * @example 42
       */
      id?: number
      /**
       * @description The task, 1 to 10000 characters.
       * @example Buy milk
       */
      content: string
      /** @description Whether the task is done; `false` if left out. */
      completed?: boolean
    }
    /**
     * @description The whole todo; `id` must be the one in the path.
     * @example {
     *       "id": 1,
     *       "content": "Buy oat milk",
     *       "completed": true
     *     }
     */
    TodoReplace: {
      /**
       * @description A todo's id: a positive integer up to 9007199254740991.
       * @example 1
       */
      id: number
      /**
       * @description The task, 1 to 10000 characters.
       * @example Buy milk
       */
      content: string
      completed: boolean
    }
    /**
     * @description The fields to change, at least one; the others keep their values.
     * @example {
     *       "completed": true
     *     }
     * @example {
     *       "content": "Buy oat milk"
     *     }
     */
    TodoPatch:
      | {
          /**
           * @description The task, 1 to 10000 characters.
           * @example Buy milk
           */
          content: string
          completed?: boolean
        }
      | {
          /**
           * @description The task, 1 to 10000 characters.
           * @example Buy milk
           */
          content?: string
          completed: boolean
        }
    /**
     * @description An RFC 9457 problem: `errors` names each invalid field with a JSON Pointer (RFC 6901).
     * @example {
     *       "type": "about:blank",
     *       "title": "Bad Request",
     *       "status": 400,
     *       "detail": "The body does not match the schema; see errors",
     *       "errors": [
     *         {
     *           "pointer": "/content",
     *           "detail": "Required: expected string"
     *         }
     *       ]
     *     }
     */
    ProblemDetails: {
      type?: string
      title?: string
      status?: number
      detail?: string
      instance?: string
      errors?: {
        pointer: string
        detail: string
      }[]
    }
    /**
     * @description A field to sort by: its name for ascending order, `-` and its name for descending.
     * @example -id
     * @enum {string}
     */
    OrderKey: 'id' | '-id' | 'content' | '-content' | 'completed' | '-completed'
  }
  responses: {
    /** @description Bad Request: Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path. */
    Status400: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Bad Request",
         *       "status": 400,
         *       "detail": "The body does not match the schema; see errors",
         *       "errors": [
         *         {
         *           "pointer": "/content",
         *           "detail": "Required: expected string"
         *         }
         *       ]
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Not Found: No todo with this id. */
    Status404: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "tag:todokit.dev,2026:todo-not-found",
         *       "title": "Not Found",
         *       "status": 404,
         *       "detail": "No todo with id 1"
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Conflict: The id the client chose belongs to another todo, or the store holds as many todos as it may (delete some first). */
    Status409: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Conflict",
         *       "status": 409,
         *       "detail": "A todo with id 1 already exists; omit id to get a new one",
         *       "errors": [
         *         {
         *           "pointer": "/id",
         *           "detail": "The id 1 is taken"
         *         }
         *       ]
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Precondition Failed: `If-Match` does not match the todo’s current ETag. */
    Status412: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Precondition Failed",
         *       "status": 412,
         *       "detail": "If-Match does not match the current ETag of todo 1 (\"1x9kf0a7b2c\"); it changed since you read it"
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Content Too Large: The body is larger than the limit. */
    Status413: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Content Too Large",
         *       "status": 413,
         *       "detail": "The body is larger than 65536 bytes"
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Unsupported Media Type: The body is not sent as JSON. */
    Status415: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Unsupported Media Type",
         *       "status": 415,
         *       "detail": "Send the body as application/json; got content-type text/plain"
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Internal Server Error: The server failed; the body never carries a stack trace. */
    Status500: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Internal Server Error",
         *       "status": 500,
         *       "detail": "The server failed to handle this request; its log has the details"
         *     }
         */
        'application/problem+json': components['schemas']['ProblemDetails']
      }
    }
    /** @description Service Unavailable: With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later. */
    Status503: {
      headers: {
        [name: string]: unknown
      }
      content: {
        /**
         * @example {
         *       "type": "about:blank",
         *       "title": "Service Unavailable",
         *       "status": 503,
         *       "detail": "The database could not commit the write, so nothing changed; try again later"
         *     }
         */
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
  listTodos: {
    parameters: {
      query?: {
        /** @description Only the todo with this id. */
        id?: number
        /** @description Only todos whose content is exactly this text. */
        content?: string
        /** @description Only todos with this completion state. */
        completed?: boolean
        /** @description Only todos whose content contains this text, ignoring case (at most 1000 characters). */
        q?: string
        /** @description Sort keys, earlier keys first; a field may appear once. Comma-separated (`order=completed,-id`) or repeated (`order=completed&order=-id`). Without it, todos come in ascending id order. */
        order?: components['schemas']['OrderKey'][]
        /** @description Paging, opt-in: at most this many todos (1 to 1000). While more follow, the `Link` header names the next page. Without it, the list is every todo the query selects. */
        limit?: number
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
          /**
           * @example [
           *       {
           *         "id": 1,
           *         "content": "Buy milk",
           *         "completed": false
           *       },
           *       {
           *         "id": 2,
           *         "content": "Walk the dog",
           *         "completed": true
           *       }
           *     ]
           */
          'application/json': components['schemas']['TodoList']
        }
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['Status400']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  createTodo: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "content": "Buy milk"
         *     }
         */
        'application/json': components['schemas']['TodoCreate']
      }
    }
    responses: {
      /** @description Created. `Location` is the new todo’s path. */
      201: {
        headers: {
          /** @description The new todo’s path. */
          Location?: string
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": 1,
           *       "content": "Buy milk",
           *       "completed": false
           *     }
           */
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      409: components['responses']['Status409']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  optionsTodos: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description No Content. */
      204: {
        headers: {
          /** @description The methods of this path. */
          Allow?: string
          [name: string]: unknown
        }
        content?: never
      }
    }
  }
  headTodos: {
    parameters: {
      query?: {
        /** @description Only the todo with this id. */
        id?: number
        /** @description Only todos whose content is exactly this text. */
        content?: string
        /** @description Only todos with this completion state. */
        completed?: boolean
        /** @description Only todos whose content contains this text, ignoring case (at most 1000 characters). */
        q?: string
        /** @description Sort keys, earlier keys first; a field may appear once. Comma-separated (`order=completed,-id`) or repeated (`order=completed&order=-id`). Without it, todos come in ascending id order. */
        order?: components['schemas']['OrderKey'][]
        /** @description Paging, opt-in: at most this many todos (1 to 1000). While more follow, the `Link` header names the next page. Without it, the list is every todo the query selects. */
        limit?: number
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
        content?: never
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Bad Request: Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Internal Server Error: The server failed; the body never carries a stack trace. */
      500: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Service Unavailable: With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later. */
      503: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
    }
  }
  getTodo: {
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
          /**
           * @example {
           *       "id": 1,
           *       "content": "Buy milk",
           *       "completed": false
           *     }
           */
          'application/json': components['schemas']['Todo']
        }
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content?: never
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  replaceTodo: {
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
        /**
         * @example {
         *       "id": 1,
         *       "content": "Buy oat milk",
         *       "completed": true
         *     }
         */
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
          /**
           * @example {
           *       "id": 1,
           *       "content": "Buy milk",
           *       "completed": false
           *     }
           */
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      412: components['responses']['Status412']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  deleteTodo: {
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
          /**
           * @example {
           *       "id": 1,
           *       "content": "Buy milk",
           *       "completed": false
           *     }
           */
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      412: components['responses']['Status412']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
  optionsTodo: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: number
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description No Content. */
      204: {
        headers: {
          /** @description The methods of this path. */
          Allow?: string
          [name: string]: unknown
        }
        content?: never
      }
    }
  }
  headTodo: {
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
        content?: never
      }
      /** @description `If-None-Match` matched: the client’s copy is current. */
      304: {
        headers: {
          /** @description Strong entity tag of the body. */
          ETag?: string
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Bad Request: Malformed JSON, a body or query that breaks the schema (each bad field in `errors`), or an invalid id in the path. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Not Found: No todo with this id. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Internal Server Error: The server failed; the body never carries a stack trace. */
      500: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Service Unavailable: With a data file (`--data`): the database could not commit the write, and nothing of it was stored; try again later. */
      503: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
    }
  }
  updateTodo: {
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
        /**
         * @example {
         *       "completed": true
         *     }
         */
        'application/json': components['schemas']['TodoPatch']
        /**
         * @example {
         *       "completed": true
         *     }
         */
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
          /**
           * @example {
           *       "id": 1,
           *       "content": "Buy milk",
           *       "completed": false
           *     }
           */
          'application/json': components['schemas']['Todo']
        }
      }
      400: components['responses']['Status400']
      404: components['responses']['Status404']
      412: components['responses']['Status412']
      413: components['responses']['Status413']
      415: components['responses']['Status415']
      500: components['responses']['Status500']
      503: components['responses']['Status503']
    }
  }
}
