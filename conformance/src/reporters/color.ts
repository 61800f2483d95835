/** ANSI styles the pretty reporter uses. */
export interface Palette {
  green(text: string): string
  red(text: string): string
  yellow(text: string): string
  dim(text: string): string
  bold(text: string): string
}

const ansi = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`

/** A palette that colours, or one that leaves text as it is. */
export function palette(color: boolean): Palette {
  if (!color) {
    const plain = (text: string) => text
    return { green: plain, red: plain, yellow: plain, dim: plain, bold: plain }
  }
  return {
    green: ansi(32, 39),
    red: ansi(31, 39),
    yellow: ansi(33, 39),
    dim: ansi(2, 22),
    bold: ansi(1, 22),
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
