import { styleText } from 'node:util'

/** The styles the pretty reporter uses, each a function of the text it styles. */
export type Palette = Record<'green' | 'red' | 'yellow' | 'dim' | 'bold', (text: string) => string>

/** A palette that colours with ANSI styles, or one that leaves text as it is. */
export function palette(color: boolean): Palette {
  const style = (format: keyof Palette) => (text: string) =>
    color ? styleText(format, text, { validateStream: false }) : text
  return {
    green: style('green'),
    red: style('red'),
    yellow: style('yellow'),
    dim: style('dim'),
    bold: style('bold'),
  }
}

/**
 * Colours only on a terminal, never with `NO_COLOR` (https://no-color.org) or `TERM=dumb`;
 * `FORCE_COLOR` (not `0`) turns them on anyway.
 */
export function shouldUseColor(
  stream: { isTTY?: boolean },
  env: Record<string, string | undefined>,
): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  return stream.isTTY === true && env.TERM !== 'dumb'
}
