// An implementation of the todos contract in Go's standard library alone, written apart from
// the reference server so the conformance kit can be tried on a server it was not written
// against. --defect NAME switches on a subtle defect (see defectNames), --variant NAME a correct
// choice where the contract leaves one open (see variantNames).
//
//	go run todo_server.go --port 0 [--defect NAME[,NAME]] [--variant NAME] [--debug-count]
//
// The first line on stdout is `listening on http://127.0.0.1:PORT`. Kept to Go 1.19: no
// method patterns in ServeMux, no min/max builtins, no slices package.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

const maxID = int64(1)<<53 - 1

// Described, with their categories, in catalogue.ts.
var defectNames = map[string]bool{
	// edge values
	"filter-value-typed":           true,
	"filter-percent-decoded-twice": true,
	"id-2p53-breaks-create":        true,
	"content-html-escaped":         true,
	// parameters combined
	"q-drops-order":      true,
	"order-drops-filter": true,
	// caches and indexes
	"stale-get-after-put":     true,
	"stale-list-after-delete": true,
	// path ids
	"path-id-atoi":             true,
	"path-id-leading-zero-500": true,
	// writes the contract does not allow
	"post-taken-id-overwrites": true,
	"put-body-id-duplicates":   true,
	"patch-body-id-moves":      true,
	// refused writes that leave a trace
	"refused-create-stored-blank": true,
	"refused-put-applied":         true,
	// wrong types accepted
	"array-completed-stored":          true,
	"float-id-stored":                 true,
	"string-completed-stored-as-sent": true,
	// collections larger than an internal page
	"filtered-list-scans-first-100": true,
	// search results that hold changed records
	"search-index-stale-after-change": true,
	// seen on real servers
	"patch-empty-500": true,
}

var variantNames = map[string]bool{
	"sort-asc-only":               true,
	"word-search":                 true,
	"token-search":                true,
	"content-max-50":              true,
	"bmp-only":                    true,
	"trims-content":               true,
	"errors-422":                  true,
	"delete-204":                  true,
	"put-204":                     true,
	"unknown-id-500":              true,
	"unknown-id-200-empty":        true,
	"string-ids":                  true,
	"client-ids-refused":          true,
	"client-ids-required":         true,
	"completed-as-number-in-list": true,
	"completed-as-number":         true,
	"max-plus-one-ids":            true,
}

// completedAsNumber is the completed-as-number variant: every todo the server writes out shows
// completed as 0 or 1, as a store that keeps booleans as integers hands its rows on.
var completedAsNumber bool

// todo holds each field as `any`: well-typed values normally, values as sent under defects.
type todo struct {
	id           any // int64; float64 under float-id-stored; string under string-ids
	content      any
	completed    any
	hasCompleted bool
	created      string // content when created, for search-index-stale-after-change
}

func (t *todo) MarshalJSON() ([]byte, error) {
	m := []string{}
	for _, f := range []struct {
		name  string
		value any
		ok    bool
	}{{"id", t.id, true}, {"content", t.content, true}, {"completed", t.completed, t.hasCompleted}} {
		if !f.ok {
			continue
		}
		value := f.value
		if done, ok := value.(bool); ok && f.name == "completed" && completedAsNumber {
			value = map[bool]int{false: 0, true: 1}[done]
		}
		b, err := json.Marshal(value)
		if err != nil {
			return nil, err
		}
		m = append(m, `"`+f.name+`":`+string(b))
	}
	return []byte("{" + strings.Join(m, ",") + "}"), nil
}

func (t *todo) copy() *todo { c := *t; return &c }

type httpError struct {
	status int
	msg    string
	schema bool // a wrong type or missing field: 422 under errors-422
}

func clientErr(status int, format string, a ...any) *httpError {
	return &httpError{status: status, msg: fmt.Sprintf(format, a...)}
}
func schemaErr(format string, a ...any) *httpError {
	return &httpError{status: 400, msg: fmt.Sprintf(format, a...), schema: true}
}

type server struct {
	mu         sync.Mutex
	defects    map[string]bool
	variant    string
	debugCount bool
	records    []*todo
	nextID     int64
	idCounter  int64
	getCache   map[string][]byte
	listCache  []byte
}

func idKey(id any) string {
	switch v := id.(type) {
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return "s:" + v
	}
	return fmt.Sprint(id)
}

func (s *server) find(key string) int {
	for i, t := range s.records {
		if idKey(t.id) == key {
			return i
		}
	}
	return -1
}

func (s *server) assignID() any {
	if s.variant == "string-ids" {
		s.idCounter++
		return fmt.Sprintf("%08x-7d0c-4b1e-9a5f-%012x", s.idCounter*2654435761%(1<<32), s.idCounter)
	}
	if s.defects["id-2p53-breaks-create"] || s.variant == "max-plus-one-ids" {
		next := int64(1)
		for _, t := range s.records {
			if v, ok := t.id.(int64); ok && v >= next {
				next = v + 1
			}
		}
		if next > maxID && s.variant != "max-plus-one-ids" {
			panic("id out of range")
		}
		return next
	}
	for s.find(strconv.FormatInt(s.nextID, 10)) >= 0 {
		s.nextID++
	}
	s.nextID++
	return s.nextID - 1
}

var canonical = regexp.MustCompile(`^[1-9][0-9]{0,18}$`)

// highestID is the largest id the server takes: 64-bit for max-plus-one-ids, as SQLite's rowid;
// else what JSON numbers hold exactly.
func (s *server) highestID() int64 {
	if s.variant == "max-plus-one-ids" {
		return 1<<63 - 1
	}
	return maxID
}

// pathKey is the idKey a path segment names, or "" when it names no record.
func (s *server) pathKey(seg string) string {
	if s.variant == "string-ids" {
		return "s:" + seg
	}
	if s.defects["path-id-atoi"] {
		n, err := strconv.ParseInt(seg, 10, 64)
		if err != nil || n <= 0 {
			return ""
		}
		return strconv.FormatInt(n, 10)
	}
	if s.defects["path-id-leading-zero-500"] && len(seg) > 1 && seg[0] == '0' {
		panic("leading zero")
	}
	if !canonical.MatchString(seg) {
		return ""
	}
	n, err := strconv.ParseInt(seg, 10, 64)
	if err != nil || n > s.highestID() {
		return ""
	}
	return seg
}

// ---- request bodies ---------------------------------------------------------------------

func parseBody(raw []byte) (map[string]json.RawMessage, *httpError) {
	var body map[string]json.RawMessage
	if err := json.Unmarshal(raw, &body); err != nil {
		var syntax *json.SyntaxError
		if len(bytes.TrimSpace(raw)) == 0 || errorsAs(err, &syntax) {
			return nil, clientErr(400, "the body is not valid JSON")
		}
		return nil, clientErr(400, "the body must be a JSON object")
	}
	if body == nil {
		return nil, clientErr(400, "the body must be a JSON object")
	}
	return body, nil
}

func errorsAs(err error, target **json.SyntaxError) bool {
	e, ok := err.(*json.SyntaxError)
	if ok {
		*target = e
	}
	return ok
}

func kind(raw json.RawMessage) byte {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 {
		return 0
	}
	switch b[0] {
	case '"', '{', '[', 't', 'f', 'n':
		return b[0]
	}
	return '0'
}

var replacementEscape = regexp.MustCompile(`(?i)\\ufffd`)

func (s *server) checkContent(raw json.RawMessage) (any, *httpError) {
	if kind(raw) != '"' {
		return nil, schemaErr("content must be a string")
	}
	var text string
	if err := json.Unmarshal(raw, &text); err != nil {
		return nil, schemaErr("content must be a string")
	}
	// encoding/json turns lone surrogates and invalid UTF-8 into U+FFFD; refuse rather than
	// store a text the client did not send.
	if strings.ContainsRune(text, utf8.RuneError) && !bytes.Contains(raw, []byte("\uFFFD")) &&
		!replacementEscape.Match(raw) {
		return nil, clientErr(400, "content is not valid Unicode (a lone surrogate?)")
	}
	if s.variant == "trims-content" {
		text = strings.Trim(text, " ")
	}
	if s.variant == "bmp-only" {
		for _, r := range text {
			if r > 0xFFFF {
				return nil, clientErr(400, "content may hold only characters of the Basic Multilingual Plane")
			}
		}
	}
	if s.variant == "content-max-50" && utf8.RuneCountInString(text) > 50 {
		return nil, clientErr(422, "content may hold at most 50 characters")
	}
	if s.defects["content-html-escaped"] {
		text = html.EscapeString(text)
	}
	return text, nil
}

func (s *server) checkCompleted(raw json.RawMessage) (any, *httpError) {
	switch kind(raw) {
	case 't', 'f':
		var b bool
		if json.Unmarshal(raw, &b) == nil {
			return b, nil
		}
	case '[':
		if s.defects["array-completed-stored"] {
			return raw, nil
		}
	case '"':
		var text string
		if s.defects["string-completed-stored-as-sent"] && json.Unmarshal(raw, &text) == nil {
			return text, nil
		}
	}
	return nil, schemaErr("completed must be true or false")
}

var integerText = regexp.MustCompile(`^-?[0-9]+$`)

func (s *server) checkID(raw json.RawMessage) (any, *httpError) {
	if s.variant == "string-ids" {
		var text string
		if kind(raw) == '"' && json.Unmarshal(raw, &text) == nil && text != "" {
			return text, nil
		}
		return nil, schemaErr("id must be a non-empty string")
	}
	text := string(bytes.TrimSpace(raw))
	if kind(raw) == '0' && integerText.MatchString(text) {
		n, err := strconv.ParseInt(text, 10, 64)
		if err == nil && n > 0 && n <= s.highestID() {
			return n, nil
		}
	}
	if kind(raw) == '0' && s.defects["float-id-stored"] {
		if f, err := strconv.ParseFloat(text, 64); err == nil && f > 0 {
			return f, nil
		}
	}
	return nil, schemaErr("id must be an integer from 1 to 2^53-1")
}

// bodyID checks that a PUT or PATCH body id, when sent, names the path's record.
func (s *server) bodyID(body map[string]json.RawMessage, t *todo) (any, *httpError) {
	raw, ok := body["id"]
	if !ok {
		return nil, nil
	}
	id, err := s.checkID(raw)
	if err != nil {
		return nil, err
	}
	if idKey(id) != idKey(t.id) {
		return id, schemaErr("the body id %s differs from the path id", string(raw))
	}
	return nil, nil
}

// ---- operations ---------------------------------------------------------------------------

func (s *server) create(body map[string]json.RawMessage) (*todo, *httpError) {
	rawID, hasID := body["id"]
	if s.variant == "client-ids-refused" && hasID {
		return nil, schemaErr("the server assigns ids; send no id")
	}
	if s.variant == "client-ids-required" && !hasID {
		return nil, schemaErr("id is required")
	}
	t := &todo{completed: false, hasCompleted: true}
	err := func() *httpError {
		raw, ok := body["content"]
		if !ok {
			return schemaErr("content is required")
		}
		content, err := s.checkContent(raw)
		if err != nil {
			return err
		}
		t.content = content
		if raw, ok := body["completed"]; ok {
			if t.completed, err = s.checkCompleted(raw); err != nil {
				return err
			}
		}
		if hasID {
			if t.id, err = s.checkID(rawID); err != nil {
				return err
			}
		}
		return nil
	}()
	if err != nil {
		if s.defects["refused-create-stored-blank"] {
			s.records = append(s.records, &todo{id: s.assignID(), content: "", completed: false, hasCompleted: true})
		}
		return nil, err
	}
	if hasID {
		if i := s.find(idKey(t.id)); i >= 0 {
			if !s.defects["post-taken-id-overwrites"] {
				return nil, clientErr(409, "id %s is taken", string(rawID))
			}
			s.records[i] = t
			t.created, _ = t.content.(string)
			return t, nil
		}
	} else {
		t.id = s.assignID()
	}
	t.created, _ = t.content.(string)
	s.records = append(s.records, t)
	s.listCache = nil
	return t, nil
}

func (s *server) replace(i int, body map[string]json.RawMessage) (*todo, *httpError) {
	t := s.records[i]
	otherID, idErr := s.bodyID(body, t)
	if idErr != nil && !(s.defects["put-body-id-duplicates"] && otherID != nil) {
		return nil, idErr
	}
	next := &todo{id: t.id, hasCompleted: true, created: t.created}
	if otherID != nil {
		next.id = otherID
	}
	var firstErr *httpError
	for _, f := range []struct {
		name  string
		check func(json.RawMessage) (any, *httpError)
		set   func(any)
		keep  any
	}{
		{"content", s.checkContent, func(v any) { next.content = v }, t.content},
		{"completed", s.checkCompleted, func(v any) { next.completed = v }, t.completed},
	} {
		raw, ok := body[f.name]
		var err *httpError
		var v any
		if !ok {
			err = schemaErr("%s is required: PUT replaces the whole record", f.name)
		} else {
			v, err = f.check(raw)
		}
		if err != nil {
			f.set(f.keep)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		f.set(v)
	}
	if firstErr != nil {
		if s.defects["refused-put-applied"] {
			*t = *next
		}
		return nil, firstErr
	}
	*t = *next // in place: the search index of search-index-stale-after-change keeps `created`
	s.invalidate(t, "PUT")
	return t, nil
}

func (s *server) patch(i int, body map[string]json.RawMessage) (*todo, *httpError) {
	if len(body) == 0 && s.defects["patch-empty-500"] {
		panic("nothing to update")
	}
	t := s.records[i]
	otherID, err := s.bodyID(body, t)
	if err != nil {
		if !(s.defects["patch-body-id-moves"] && otherID != nil) {
			return nil, err
		}
		if j := s.find(idKey(otherID)); j >= 0 {
			t = s.records[j]
		} else {
			t.id = otherID
		}
	}
	next := t.copy()
	if raw, ok := body["content"]; ok {
		if next.content, err = s.checkContent(raw); err != nil {
			return nil, err
		}
	}
	if raw, ok := body["completed"]; ok {
		if next.completed, err = s.checkCompleted(raw); err != nil {
			return nil, err
		}
		next.hasCompleted = true
	}
	*t = *next
	s.invalidate(t, "PATCH")
	return t, nil
}

func (s *server) invalidate(t *todo, method string) {
	if !(method == "PUT" && s.defects["stale-get-after-put"]) {
		delete(s.getCache, idKey(t.id))
	}
	if method != "DELETE" || !s.defects["stale-list-after-delete"] {
		s.listCache = nil
	}
}

// ---- list ---------------------------------------------------------------------------------

func fold(text string) string {
	// Latin accents only: the standard library has no Unicode decomposition.
	r := strings.NewReplacer("à", "a", "á", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "ç", "c",
		"è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i", "ñ", "n",
		"ò", "o", "ó", "o", "ô", "o", "ö", "o", "õ", "o", "ù", "u", "ú", "u", "û", "u", "ü", "u",
		"ý", "y", "ÿ", "y")
	return r.Replace(strings.ToLower(text))
}

var word = regexp.MustCompile(`[\p{L}\p{N}_]+`)

func (s *server) matchesQ(q string, t *todo) bool {
	content, ok := t.content.(string)
	if s.defects["search-index-stale-after-change"] {
		content, ok = t.created, true
	}
	if !ok {
		return false
	}
	if s.variant == "word-search" {
		words := map[string]bool{}
		for _, w := range word.FindAllString(fold(content), -1) {
			words[w] = true
		}
		for _, w := range word.FindAllString(fold(q), -1) {
			if words[w] {
				return true
			}
		}
		return false
	}
	if s.variant == "token-search" {
		for _, token := range strings.Fields(strings.ToLower(q)) {
			if strings.Contains(strings.ToLower(content), token) {
				return true
			}
		}
		return false
	}
	return strings.Contains(content, q)
}

type sortKey struct {
	field string
	desc  bool
}

func compare(a, b any) int {
	switch x := a.(type) {
	case int64:
		if y, ok := b.(int64); ok {
			if x < y {
				return -1
			} else if x > y {
				return 1
			}
			return 0
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y) // UTF-8 bytes sort as code points
		}
	case bool:
		if y, ok := b.(bool); ok {
			if x == y {
				return 0
			} else if !x {
				return -1
			}
			return 1
		}
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

func field(t *todo, name string) any {
	switch name {
	case "id":
		return t.id
	case "content":
		return t.content
	}
	return t.completed
}

func (s *server) sortKeys(order string) ([]sortKey, *httpError) {
	parts := strings.Split(order, ",")
	if s.variant == "sort-asc-only" && (len(parts) > 1 || strings.HasPrefix(order, "-")) {
		return nil, clientErr(400, "order takes one field name, sorted ascending")
	}
	keys := []sortKey{}
	for _, p := range parts {
		k := sortKey{field: strings.TrimPrefix(p, "-"), desc: strings.HasPrefix(p, "-")}
		if k.field != "id" && k.field != "content" && k.field != "completed" {
			return nil, clientErr(400, "cannot order by %q; use id, content or completed", p)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

func (s *server) list(rawQuery string) ([]byte, *httpError) {
	cacheable := rawQuery == "" && s.defects["stale-list-after-delete"]
	if cacheable && s.listCache != nil {
		return s.listCache, nil
	}
	query, err := url.ParseQuery(rawQuery)
	if err != nil {
		// ParseQuery drops the pairs it cannot read; answering without them would mislead.
		return nil, clientErr(400, "the query string is not well-formed: %v", err)
	}
	params := map[string]string{}
	for name, values := range query {
		v := values[0]
		if s.defects["filter-percent-decoded-twice"] {
			if again, err := url.QueryUnescape(v); err == nil {
				v = again
			}
		}
		params[name] = v
	}
	if c, ok := params["completed"]; ok && c != "true" && c != "false" {
		return nil, clientErr(400, "completed must be true or false")
	}
	var keys []sortKey
	if order := params["order"]; order != "" {
		var err *httpError
		if keys, err = s.sortKeys(order); err != nil {
			return nil, err
		}
	}
	q, hasQ := params["q"]
	filters := []string{}
	for _, f := range []string{"id", "content", "completed"} {
		if _, ok := params[f]; ok && !(len(keys) > 0 && s.defects["order-drops-filter"]) {
			filters = append(filters, f)
		}
	}
	records := s.records
	if (hasQ || len(filters) > 0) && s.defects["filtered-list-scans-first-100"] && len(records) > 100 {
		records = records[:100]
	}
	out := []*todo{}
	for _, t := range records {
		if hasQ && !s.matchesQ(q, t) {
			continue
		}
		keep := true
		for _, f := range filters {
			keep = keep && s.matchesFilter(f, params[f], t)
		}
		if keep {
			out = append(out, t)
		}
	}
	if len(keys) > 0 && !(hasQ && s.defects["q-drops-order"]) {
		sort.SliceStable(out, func(i, j int) bool {
			for _, k := range keys {
				c := compare(field(out[i], k.field), field(out[j], k.field))
				if k.desc {
					c = -c
				}
				if c != 0 {
					return c < 0
				}
			}
			return compare(out[i].id, out[j].id) < 0
		})
	}
	var listed any = out
	if s.variant == "completed-as-number-in-list" {
		// As a store that keeps booleans as 0 and 1 lists its rows.
		rows := []map[string]any{}
		for _, t := range out {
			n := 0
			if t.completed == true {
				n = 1
			}
			rows = append(rows, map[string]any{"id": t.id, "content": t.content, "completed": n})
		}
		listed = rows
	}
	b, err := json.Marshal(listed)
	if err != nil {
		panic(err)
	}
	if cacheable {
		s.listCache = b
	}
	return b, nil
}

func (s *server) matchesFilter(name, value string, t *todo) bool {
	switch name {
	case "completed":
		return t.completed == (value == "true")
	case "id":
		if s.variant == "string-ids" {
			return idKey(t.id) == "s:"+value
		}
		return integerText.MatchString(value) && idKey(t.id) == strings.TrimLeft(value, "0")
	}
	if s.defects["filter-value-typed"] {
		var typed any
		if json.Unmarshal([]byte(value), &typed) == nil {
			return t.content == typed
		}
	}
	return t.content == value
}

// ---- HTTP ---------------------------------------------------------------------------------

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	if body != nil {
		w.Header().Set("content-type", "application/json")
	}
	w.Header().Set("content-length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body)
}

func marshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	defer func() {
		if p := recover(); p != nil {
			writeJSON(w, 500, marshal(map[string]string{"error": fmt.Sprintf("internal error: %v", p)}))
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	status, body, err := s.route(r, raw)
	if err != nil {
		status = err.status
		if err.schema && s.variant == "errors-422" {
			status = 422
		}
		body = marshal(map[string]string{"error": err.msg})
	}
	writeJSON(w, status, body)
}

func (s *server) route(r *http.Request, raw []byte) (int, []byte, *httpError) {
	path := r.URL.Path
	if path == "/__count" && s.debugCount && r.Method == "GET" {
		return 200, marshal(map[string]int{"count": len(s.records)}), nil
	}
	if path == "/todos" {
		switch r.Method {
		case "GET", "HEAD":
			b, err := s.list(r.URL.RawQuery)
			return 200, b, err
		case "POST":
			body, err := parseBody(raw)
			if err != nil {
				return 0, nil, err
			}
			t, err := s.create(body)
			if err != nil {
				return 0, nil, err
			}
			return 201, marshal(t), nil
		}
		return 0, nil, clientErr(405, "%s is not supported on /todos", r.Method)
	}
	seg := strings.TrimPrefix(path, "/todos/")
	if seg == path || seg == "" || strings.Contains(seg, "/") {
		return 0, nil, clientErr(404, "no resource at %s", path)
	}
	switch r.Method {
	case "GET", "HEAD", "PUT", "PATCH", "DELETE":
	default:
		return 0, nil, clientErr(405, "%s is not supported on %s", r.Method, path)
	}
	key := s.pathKey(seg)
	i := -1
	if key != "" {
		i = s.find(key)
	}
	if i < 0 {
		if key != "" && s.variant == "unknown-id-500" {
			return 500, marshal(map[string]string{"error": "internal error"}), nil
		}
		if key != "" && s.variant == "unknown-id-200-empty" {
			return 200, nil, nil
		}
		return 0, nil, clientErr(404, "no todo with id %s", seg)
	}
	switch r.Method {
	case "GET", "HEAD":
		if cached, ok := s.getCache[key]; ok && s.defects["stale-get-after-put"] {
			return 200, cached, nil
		}
		b := marshal(s.records[i])
		s.getCache[key] = b
		return 200, b, nil
	case "DELETE":
		t := s.records[i]
		s.records = append(s.records[:i:i], s.records[i+1:]...)
		s.invalidate(t, "DELETE")
		if s.variant == "delete-204" {
			return 204, nil, nil
		}
		return 200, marshal(t), nil
	}
	body, err := parseBody(raw)
	if err != nil {
		return 0, nil, err
	}
	var t *todo
	if r.Method == "PUT" {
		if t, err = s.replace(i, body); err == nil && s.variant == "put-204" {
			return 204, nil, nil
		}
	} else {
		t, err = s.patch(i, body)
	}
	if err != nil {
		return 0, nil, err
	}
	return 200, marshal(t), nil
}

func sortedNames(m map[string]bool) []string {
	out := []string{}
	for name := range m {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

type names []string

func (n *names) String() string { return strings.Join(*n, ",") }
func (n *names) Set(v string) error {
	for _, p := range strings.Split(v, ",") {
		if p != "" {
			*n = append(*n, p)
		}
	}
	return nil
}

func main() {
	var defects, variants names
	port := flag.Int("port", 0, "port to listen on (0: any free port)")
	debugCount := flag.Bool("debug-count", false, "serve GET /__count")
	flag.Var(&defects, "defect", "a defect to switch on (repeatable, or comma-separated)")
	flag.Var(&variants, "variant", "a correct variant to switch on")
	list := flag.Bool("list", false, "print the switch names as JSON")
	flag.Parse()
	if *list {
		fmt.Println(string(marshal(map[string][]string{"defects": sortedNames(defectNames), "variants": sortedNames(variantNames)})))
		return
	}
	s := &server{defects: map[string]bool{}, nextID: 1, getCache: map[string][]byte{}, debugCount: *debugCount}
	for _, d := range defects {
		if _, ok := defectNames[d]; !ok {
			fmt.Fprintf(os.Stderr, "unknown defect %q\n", d)
			os.Exit(2)
		}
		s.defects[d] = true
	}
	if len(variants) > 1 {
		fmt.Fprintln(os.Stderr, "one variant at most")
		os.Exit(2)
	}
	if len(variants) == 1 {
		if _, ok := variantNames[variants[0]]; !ok {
			fmt.Fprintf(os.Stderr, "unknown variant %q\n", variants[0])
			os.Exit(2)
		}
		s.variant = variants[0]
		completedAsNumber = s.variant == "completed-as-number"
	}
	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("listening on http://127.0.0.1:%d\n", listener.Addr().(*net.TCPAddr).Port)
	if err := http.Serve(listener, s); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
