import type { Level } from '../levels.ts'
import { pagingJudges, queryJudges } from './predictions.ts'
import { recordJudges } from './records.ts'
import type { Rule } from './rule.ts'

/**
 * Every rule the kit judges, in the order reports list them: its id (`--only`/`--skip` globs match
 * it), its level, where the contract says so (todokit's own choices say so), and its title.
 */
const CATALOGUE = `
todo.fields | required | §2 Todo
  Todos are JSON objects with an integer id, a string content and a boolean completed
list.answers-array | required | §4 GET /todos
  GET /todos answers 200 with a JSON array of todos
get.returns-record | required | §4 GET /todos/{id}, rule 3
  GET /todos/{id} answers 200 with the record of that id, for every record created and not
  deleted
list.holds-live-records | required | §4 GET /todos, rule 3
  GET /todos lists every record created and not deleted
read.current | required | §4 PUT and PATCH
  Reads show each record as its last successful write left it
create.answers-stored | required | §4 POST /todos
  POST /todos answers 200 or 201 with the stored todo
replace.answers-replaced | required | §4 PUT /todos/{id}
  PUT /todos/{id} with the complete record answers 200 with the replaced todo
patch.answers-updated | required | §4 PATCH /todos/{id}, §3
  PATCH /todos/{id} answers 200 with the whole updated todo, the sent fields changed
patch.keeps-unsent | required | §4 rule 1, §3
  A PATCH leaves the fields it did not send as they were
delete.answers-200 | required | §4 DELETE /todos/{id}
  DELETE /todos/{id} of a record answers 200
delete.removes | required | §4 rule 4
  After a successful DELETE the record is absent from GET /todos
ids.unique | required | §2 Todo (id identifies the todo)
  No two records share an id: a create never answers an id another record holds
write.body-id | required | §4 path parameter {id}
  A PUT or PATCH whose body id differs from the path is refused, or changes only the record at
  the path, which keeps its id
write.refused-no-trace | required | §7 Errors
  A write answered with an error changes nothing: no record appears, none changes
write.wrong-types | required | §2 Todo, §7 Errors
  A write with a wrongly typed field is refused with a 4xx, or stored as a well-typed todo;
  never stored as sent
errors.client-mistakes | required | §7 Errors (400 malformed request, 500 server faults)
  A malformed or invalid request gets a 4xx: never a 5xx, and malformed JSON is never accepted
path.id-integer | required | §4 path parameter {id}
  A path id that is not an integer (\`/todos/7abc\`) never reads or changes record 7
read.atomic | recommended | §4 PUT and PATCH (todokit)
  A read sent while a write is under way shows the record before the write or after it, never
  half of it
ids.unknown-404 | recommended | §7 404 (todokit)
  GET, PUT, PATCH and DELETE of an id nobody holds answer 404; \`/todos/07\` and \`/todos/7.0\` are
  not todo 7
put.complete-record | recommended | §4 rule 2
  A PUT that lacks a field is refused with a 4xx
content.exact | required | §2 Todo (content string)
  Accepted content is stored exactly: no escaping, normalising, stripping or truncating
content.edge-whitespace | recommended | §2 Todo (todokit)
  Spaces at the ends of content are kept
headers.json | recommended | §4 Endpoints
  Responses with a todo or a list label their body application/json
filter.matches | filter | §4 Query conventions: Filter
  GET /todos?{field}={value} returns exactly the records whose field equals the value, as they
  are now
search.matches | search | §4 Query conventions: Search
  GET /todos?q={query} returns the records whose content holds the query, under any reading of
  free-text search
sort.ascending | sort | §4 Query conventions: Sort
  GET /todos?order={field} lists the records in ascending order of that field
sort.descending-and-keys | sort-extended | §4 Sort (todokit extension)
  GET /todos?order=-{field} sorts descending, and order=a,b sorts by several keys
paging.limit | paging | §4 paging (not shown; todokit)
  GET /todos?limit=N answers 200 with at most N records
paging.link | paging | §4 paging (not shown; todokit)
  More records are announced as \`Link: <URI>; rel="next"\` on the same path, keeping the query
paging.walk | paging | §4 paging (not shown; todokit)
  A walk over every next link returns each record once, and every record the query matches
paging.bad-input | paging | §4 paging (not shown; todokit)
  A limit that is not a positive integer, or a cursor the server did not write, is refused with
  400
`

const judges = { ...recordJudges, ...queryJudges, ...pagingJudges }

export const rules: readonly Rule[] = CATALOGUE.trim()
  .split(/\n(?! )/)
  .map((entry) => {
    const [head = '', ...title] = entry.split('\n').map((line) => line.trim())
    const [id = '', level, section = ''] = head.split(' | ')
    return { id, level: level as Level, section, title: title.join(' '), ...judges[id] }
  })
