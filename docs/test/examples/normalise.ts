/**
 * Output that differs from run to run by design, made comparable: the conformance kit's run
 * marker, the random ids it gives its records and timings are replaced by placeholders, and
 * everything else must still match exactly. Used for ```text output varying``` blocks only.
 *
 * @example
 * normaliseVarying('[todokit-conformance igsm3s] /todos/1153714100 in 4.2ms')
 * // '[todokit-conformance <run>] /todos/<id> in <n>ms'
 */
export function normaliseVarying(text: string): string {
  return text
    .replace(/\[todokit-conformance [a-z0-9]+\]/g, '[todokit-conformance <run>]')
    .replace(/"id":\d+/g, '"id":<id>')
    .replace(/\/todos\/\d+/g, '/todos/<id>')
    .replace(/\b\d+(?:\.\d+)? ?ms\b/g, '<n>ms')
}
