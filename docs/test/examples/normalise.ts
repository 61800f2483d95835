/**
 * Output that differs from run to run by design, made comparable: the conformance kit's run
 * marker, the random ids it gives its records and timings are replaced by placeholders, and
 * everything else must still match exactly. Used for ```text output varying``` blocks only.
 *
 * @example
 * normaliseVarying('tkigsm3s 4 patched /todos/1153714100 in 4.2ms')
 * // 'tk<run> 4 patched /todos/<id> in <n>ms'
 */
export function normaliseVarying(text: string): string {
  return text
    .replace(/\btk[a-z0-9]{6}\b/g, 'tk<run>')
    .replace(/"id":\d+/g, '"id":<id>')
    .replace(/\/todos\/\d+/g, '/todos/<id>')
    .replace(/\b\d+(?:\.\d+)? ?ms\b/g, '<n>ms')
}
