#!/usr/bin/env python3
"""An implementation of the todos contract in Python's standard library alone, written apart
from the reference server so the conformance kit can be tried on a server it was not written
against. `--defect NAME` switches on a subtle defect (see DEFECTS), `--variant NAME` a correct
choice where the contract leaves one open (see VARIANTS).

    python3 todo_server.py --port 0 [--defect NAME[,NAME]] [--variant NAME] [--debug-count]

The first line on stdout is `listening on http://127.0.0.1:PORT`.
"""

import argparse
import json
import re
import sys
import threading
import unicodedata
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

MAX_ID = 2**53 - 1

DEFECTS = {  # described, with their categories, in catalogue.ts
    # edge values
    "empty-content-refused-silently",
    "numeric-content-coerced",
    "q-regex",
    "q-plus-as-space",
    "id-int32",
    # parameters combined
    "filter-drops-order",
    "q-ignores-filter",
    # caches and indexes
    "stale-get-after-patch",
    "stale-filtered-list-after-write",
    # path ids
    "path-id-parseint",
    "path-id-float",
    "path-id-python-int",
    # writes the contract does not allow
    "post-taken-id-duplicates",
    "put-body-id-moves",
    "patch-body-id-renames",
    # refused writes that leave a trace
    "refused-create-stored",
    "refused-patch-applied",
    # wrong types accepted
    "null-content-stored",
    "object-content-stringified",
    "truthy-completed",
    "wrong-type-breaks-list",
    # collections larger than an internal page
    "list-truncated-at-100",
    # search results that hold deleted records
    "search-index-stale-after-delete",
    # seen on real servers
    "put-200-not-stored",
    "patch-echoes-request",
    "create-without-completed-stores-none",
    "patch-empty-500",
    # a content filter compared as MySQL's and MariaDB's default collations compare
    "content-filter-ignores-case",
    "content-filter-ignores-trailing-spaces",
    "content-filter-numeric",
}

VARIANTS = {  # described in catalogue.ts
    "sort-asc-only",
    "word-search",
    "token-search",
    "content-max-50",
    "bmp-only",
    "trims-content",
    "errors-422",
    "delete-204",
    "put-204",
    "unknown-id-500",
    "unknown-id-200-empty",
    "string-ids",
    "client-ids-refused",
    "client-ids-required",
    "completed-as-number-in-list",
    "completed-as-number",
    "max-plus-one-ids",
}

FIELDS = ("id", "content", "completed")


class ClientError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


class Store:
    """Records in a list, so that the duplicate-id defect can hold two records with one id."""

    def __init__(self, defects, variant):
        self.defects = defects
        self.variant = variant
        self.records = []
        self.next_id = 1
        self.lock = threading.Lock()
        self.get_cache = {}
        self.list_cache = {}
        self.search_index = {}

    def has(self, name):
        return name in self.defects

    # ids -----------------------------------------------------------------------------------
    def store_id(self, value):
        if self.has("id-int32") and isinstance(value, int):
            return (value + 2**31) % 2**32 - 2**31
        return value

    def find(self, id_):
        id_ = self.store_id(id_)
        for index, record in enumerate(self.records):
            if record.get("id") == id_ and type(record.get("id")) is type(id_):
                return index
        return None

    def assign_id(self):
        if self.variant == "string-ids":
            return str(uuid.uuid4())
        if self.variant == "max-plus-one-ids":
            return max((r["id"] for r in self.records), default=0) + 1
        while self.find(self.next_id) is not None:
            self.next_id += 1
        self.next_id += 1
        return self.next_id - 1

    def parse_path_id(self, text):
        """The record id a path names, or None when the path names no record."""
        if self.variant == "string-ids":
            return text
        if self.has("path-id-parseint"):
            m = re.match(r"\d+", text)
            return int(m.group()) if m else None
        if self.has("path-id-python-int"):
            try:
                number = int(text)
            except ValueError:
                return None
            return number if 0 < number <= MAX_ID else None
        if self.has("path-id-float"):
            try:
                number = float(text)
            except ValueError:
                return None
            return int(number) if number.is_integer() and 0 < number <= MAX_ID else None
        if re.fullmatch(r"[1-9][0-9]{0,18}", text) and int(text) <= self.max_id():
            return int(text)
        return None

    def max_id(self):
        """64-bit ids for max-plus-one-ids, as SQLite's rowid; else what JSON numbers hold exactly."""
        return 2**63 - 1 if self.variant == "max-plus-one-ids" else MAX_ID

    def valid_id(self, value):
        if self.variant == "string-ids":
            return isinstance(value, str) and value != ""
        return type(value) is int and 0 < value <= self.max_id()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in two writes: with Nagle's algorithm, each answer waits for the
    # client's delayed ACK.
    disable_nagle_algorithm = True
    server_version = "todo-server-py"
    store: Store = None  # set by main
    debug_count = False

    def log_message(self, *args):
        pass

    # wire ----------------------------------------------------------------------------------
    def send(self, status, body=None, empty=False):
        if self.store.variant == "completed-as-number":
            body = completed_as_number(body)
        data = b"" if empty else json.dumps(body).encode("ascii")
        self.send_response(status)
        if not empty:
            self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def read_body(self):
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length) if length else b""

    def json_body(self):
        raw = self.raw

        def refuse_constant(name):
            raise ValueError(name)

        try:
            body = json.loads(raw, parse_constant=refuse_constant)
        except (ValueError, RecursionError):
            raise ClientError(400, "the body is not valid JSON")
        if not isinstance(body, dict):
            raise ClientError(400, "the body must be a JSON object")
        return body

    def dispatch(self):
        st = self.store
        # Read the body whatever the answer, so a kept-alive connection stays in step.
        self.raw = self.read_body()
        url = urlsplit(self.path)
        path = url.path
        try:
            with st.lock:
                if path == "/__count" and self.debug_count and self.command == "GET":
                    return self.send(200, {"count": len(st.records)})
                if path == "/todos":
                    if self.command in ("GET", "HEAD"):
                        return self.send(200, list_todos(st, url.query))
                    if self.command == "POST":
                        return self.send(201, create(st, self.json_body()))
                    return self.send(405, {"error": f"{self.command} is not supported on /todos"})
                m = re.fullmatch(r"/todos/([^/]+)", path)
                if not m:
                    return self.send(404, {"error": f"no resource at {path}"})
                if self.command not in ("GET", "HEAD", "PUT", "PATCH", "DELETE"):
                    return self.send(405, {"error": f"{self.command} is not supported on {path}"})
                id_ = st.parse_path_id(m.group(1))
                index = None if id_ is None else st.find(id_)
                if index is None:
                    if id_ is not None and st.variant == "unknown-id-500":
                        return self.send(500, {"error": "internal error"})
                    if id_ is not None and st.variant == "unknown-id-200-empty":
                        return self.send(200, empty=True)
                    return self.send(404, {"error": f"no todo with id {m.group(1)}"})
                if self.command in ("GET", "HEAD"):
                    return self.send(200, get_one(st, index))
                if self.command == "DELETE":
                    record = delete(st, index)
                    return self.send(204, empty=True) if st.variant == "delete-204" else self.send(200, record)
                body = self.json_body()
                if self.command == "PUT":
                    record = replace(st, index, body)
                    return self.send(204, empty=True) if st.variant == "put-204" else self.send(200, record)
                return self.send(200, patch(st, index, body))
        except ClientError as error:
            status = error.status
            if status == 400 and st.variant == "errors-422" and error.message.startswith("schema:"):
                status = 422
            self.send(status, {"error": error.message.removeprefix("schema: ")})
        except Exception as error:  # noqa: BLE001 -- a defect's crash is answered as servers do
            self.send(500, {"error": f"internal error: {type(error).__name__}"})

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = dispatch

    def do_OPTIONS(self):
        self.send(405, {"error": "OPTIONS is not supported"})


# validation ---------------------------------------------------------------------------------
def schema_error(message):
    return ClientError(400, "schema: " + message)


def check_content(st, value):
    """The content to store, or a refusal; wrong types may be let through by defects."""
    if value == "" and st.has("empty-content-refused-silently"):
        return None
    if value is None and st.has("null-content-stored"):
        return None
    if not isinstance(value, str):
        if st.has("object-content-stringified") and value is not None:
            return json.dumps(value)
        raise schema_error("content must be a string")
    if st.variant == "trims-content":
        value = value.strip(" ")
    if st.variant == "bmp-only" and any(ord(c) > 0xFFFF for c in value):
        raise ClientError(400, "content may hold only characters of the Basic Multilingual Plane")
    if st.variant == "content-max-50" and len(value) > 50:
        raise ClientError(422, "content may hold at most 50 characters")
    if st.has("numeric-content-coerced") and re.fullmatch(r"-?\d+(\.\d+)?", value):
        return float(value) if "." in value else int(value)
    return value


def check_completed(st, value):
    if isinstance(value, bool):
        return value
    if st.has("truthy-completed"):
        return bool(value)
    if st.has("wrong-type-breaks-list"):
        return value
    raise schema_error("completed must be true or false")


def check_body_id(st, body, path_id):
    if "id" in body and not (body["id"] == path_id and st.valid_id(body["id"])):
        raise schema_error(f"the body id {json.dumps(body['id'])} differs from the path id")


# operations ---------------------------------------------------------------------------------
def create(st, body):
    if st.variant == "client-ids-refused" and "id" in body:
        raise schema_error("the server assigns ids; send no id")
    if st.variant == "client-ids-required" and "id" not in body:
        raise schema_error("id is required")
    try:
        if "content" not in body:
            raise schema_error("content is required")
        content = check_content(st, body["content"])
        record = {"content": content}
        if "completed" in body:
            record["completed"] = check_completed(st, body["completed"])
        elif not st.has("create-without-completed-stores-none"):
            record["completed"] = False
        if "id" in body and not st.valid_id(body["id"]):
            raise schema_error("id must be an integer from 1 to 2^53-1")
    except ClientError:
        if st.has("refused-create-stored"):
            c, d = body.get("content"), body.get("completed")
            st.records.append({"id": st.assign_id(), "content": c if isinstance(c, str) else "",
                               "completed": d if isinstance(d, bool) else False})
        raise
    if "id" in body:
        if st.find(body["id"]) is not None and not st.has("post-taken-id-duplicates"):
            raise ClientError(409, f"id {body['id']} is taken")
        record["id"] = st.store_id(body["id"])
    else:
        record["id"] = st.assign_id()
    record = {k: record[k] for k in FIELDS if k in record}
    st.records.append(record)
    st.search_index[record["id"]] = dict(record)
    return record


def get_one(st, index):
    record = st.records[index]
    if st.has("stale-get-after-patch"):
        return st.get_cache.setdefault(record["id"], dict(record))
    return record


def delete(st, index):
    record = st.records.pop(index)
    st.get_cache.pop(record["id"], None)
    if not st.has("search-index-stale-after-delete"):
        st.search_index.pop(record["id"], None)
    return record


def replace(st, index, body):
    path_id = st.records[index]["id"]
    if st.has("put-body-id-moves") and "id" in body and body["id"] != path_id:
        other = st.find(body["id"])
        if other is not None:
            index, path_id = other, st.records[other]["id"]
    check_body_id(st, body, path_id)
    for field in ("content", "completed"):
        if field not in body:
            raise schema_error(f"{field} is required: PUT replaces the whole record")
    record = {
        "id": path_id,
        "content": check_content(st, body["content"]),
        "completed": check_completed(st, body["completed"]),
    }
    if not st.has("put-200-not-stored"):
        st.records[index] = record
        st.search_index[path_id] = dict(record)
    return record


def patch(st, index, body):
    if not body and st.has("patch-empty-500"):
        raise RuntimeError("no fields to update")
    current = st.records[index]
    renamed = st.has("patch-body-id-renames") and "id" in body and st.find(body["id"]) is None
    if not (renamed and st.valid_id(body["id"])):
        check_body_id(st, body, current["id"])
    changes = {}
    errors = []
    for field, check in (("content", check_content), ("completed", check_completed)):
        if field in body:
            try:
                changes[field] = check(st, body[field])
            except ClientError as error:
                errors.append(error)
    if errors and not st.has("refused-patch-applied"):
        raise errors[0]
    record = {**current, **changes}
    if renamed:
        record["id"] = st.store_id(body["id"])
        st.search_index.pop(current["id"], None)
    st.records[index] = record
    st.search_index[record["id"]] = dict(record)
    if errors:
        raise errors[0]
    return body if st.has("patch-echoes-request") else record


# list ---------------------------------------------------------------------------------------
def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).casefold()


def leading_number(text):
    """The number a text starts with, as MySQL and MariaDB read a text compared with a number."""
    m = re.match(r"\s*[-+]?\d+(\.\d*)?(e[-+]?\d+)?", str(text), re.IGNORECASE)
    return float(m.group()) if m else 0


def matches_q(st, q, content):
    if not isinstance(content, str):
        return False
    if st.has("q-regex"):
        return re.search(q, content) is not None
    if st.variant == "token-search":
        return any(token in content.lower() for token in q.lower().split())
    if st.variant == "word-search":
        return bool(set(re.findall(r"\w+", fold(q))) & set(re.findall(r"\w+", fold(content))))
    return q in content


def sort_keys(st, order):
    keys = []
    parts = order.split(",")
    if st.variant == "sort-asc-only" and (len(parts) > 1 or order.startswith("-")):
        raise ClientError(400, "order takes one field name, sorted ascending")
    for part in parts:
        descending = part.startswith("-")
        field = part[1:] if descending else part
        if field not in FIELDS:
            raise ClientError(400, f"cannot order by {json.dumps(part)}; use id, content or completed")
        keys.append((field, descending))
    return keys


def list_todos(st, query):
    if query and st.has("stale-filtered-list-after-write") and query in st.list_cache:
        return st.list_cache[query]
    params = {}
    for name, value in parse_qsl(query, keep_blank_values=True):
        params.setdefault(name, value)
    if "q" in params and st.has("q-plus-as-space"):
        params["q"] = params["q"].replace("+", " ")
    if "completed" in params and params["completed"] not in ("true", "false"):
        raise ClientError(400, "completed must be true or false")
    keys = sort_keys(st, params["order"]) if params.get("order") else []

    filters = [f for f in FIELDS if f in params]
    if "q" in params and st.has("q-ignores-filter"):
        filters = []
    records = list(st.records)
    if "q" in params:
        if st.has("search-index-stale-after-delete"):
            records = list(st.search_index.values())
        records = [r for r in records if matches_q(st, params["q"], r.get("content"))]
    for field in filters:
        value = params[field]
        if field == "completed":
            records = [r for r in records if r.get("completed") is (value == "true")]
        elif field == "id" and st.variant != "string-ids":
            wanted = int(value) if re.fullmatch(r"-?\d+", value) else None
            records = [r for r in records if wanted is not None and r["id"] == st.store_id(wanted)]
        elif field == "content" and st.has("content-filter-ignores-case"):
            records = [r for r in records if str(r.get(field)).casefold() == value.casefold()]
        elif field == "content" and st.has("content-filter-numeric") and re.fullmatch(r"-?\d+", value):
            records = [r for r in records if leading_number(r.get(field)) == int(value)]
        elif field == "content" and st.has("content-filter-ignores-trailing-spaces"):
            records = [r for r in records if str(r.get(field)).rstrip(" ") == value.rstrip(" ")]
        else:
            records = [r for r in records if r.get(field) == value]

    if keys and not (st.has("filter-drops-order") and (filters or "q" in params)):
        records.sort(key=lambda r: r["id"])
        for field, descending in reversed(keys):
            records.sort(key=lambda r: r[field], reverse=descending)
    if st.has("wrong-type-breaks-list"):
        for record in records:
            if not isinstance(record.get("completed"), bool):
                raise TypeError("completed is not a boolean")
    if st.has("list-truncated-at-100"):
        records = records[:100]
    if query and st.has("stale-filtered-list-after-write"):
        st.list_cache[query] = records
    if st.variant == "completed-as-number-in-list":
        # As a store that keeps booleans as 0 and 1 lists its rows.
        return [dict(r, completed=int(r["completed"])) for r in records]
    return records


def completed_as_number(body):
    """Every todo as a store that keeps booleans as 0 and 1 hands its rows on."""
    if isinstance(body, list):
        return [completed_as_number(item) for item in body]
    if isinstance(body, dict) and isinstance(body.get("completed"), bool):
        return dict(body, completed=int(body["completed"]))
    return body


def names(values):
    return [n for value in values for n in value.split(",") if n]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--defect", action="append", default=[])
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--debug-count", action="store_true", help="serve GET /__count")
    parser.add_argument("--list", action="store_true", help="print the switch names as JSON")
    args = parser.parse_args()
    if args.list:
        return print(json.dumps({"defects": sorted(DEFECTS), "variants": sorted(VARIANTS)}))
    defects, variants = set(names(args.defect)), names(args.variant)
    unknown = [d for d in defects if d not in DEFECTS] + [v for v in variants if v not in VARIANTS]
    if unknown or len(variants) > 1:
        parser.error(f"unknown switches {unknown} or more than one variant; see DEFECTS and VARIANTS")
    Handler.store = Store(defects, variants[0] if variants else None)
    Handler.debug_count = args.debug_count
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
