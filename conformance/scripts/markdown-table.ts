/** Escapes a value for a Markdown table cell. */
export function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

/**
 * A Markdown table with padded columns, laid out as the repository's formatter (Biome) lays
 * tables out, so generated files stay unchanged by `biome check --write`.
 *
 * @example
 * markdownTable(['Check', 'Level'], [['`list.returns-array`', 'required']])
 */
export function markdownTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): string {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, column) => text.padEnd(widths[column]!)).join(' | ')} |`
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  )
}
