/** What autosizing needs to know about a textarea, read from the DOM. */
export interface TextAreaMetrics {
  /** `scrollHeight` measured with `height: auto`: content plus vertical padding, in px. */
  scrollHeight: number
  /** Line height in px. */
  lineHeight: number
  /** Top plus bottom padding in px. */
  paddingBlock: number
  /** Top plus bottom border in px. */
  borderBlock: number
}

/**
 * The border-box height of a textarea that shows all its content, kept between `minRows` and `maxRows` lines,
 * and whether it must scroll because the content is taller than `maxRows`.
 */
export function autosizeHeight(
  { scrollHeight, lineHeight, paddingBlock, borderBlock }: TextAreaMetrics,
  minRows: number,
  maxRows?: number,
): { height: number; overflow: boolean } {
  const rowsHeight = (rows: number) => rows * lineHeight + paddingBlock + borderBlock
  const content = scrollHeight + borderBlock
  const min = rowsHeight(Math.max(1, minRows))
  const max = maxRows === undefined ? Infinity : Math.max(min, rowsHeight(maxRows))
  const height = Math.min(Math.max(content, min), max)
  return { height, overflow: content > max + 0.5 }
}

/** Line height in px from computed styles; "normal" is about 1.2 × the font size. */
export function lineHeightPx(lineHeight: string, fontSize: string): number {
  const size = Number.parseFloat(fontSize) || 16
  if (lineHeight === "normal" || lineHeight === "") return size * 1.2
  if (lineHeight.endsWith("px")) return Number.parseFloat(lineHeight)
  const factor = Number.parseFloat(lineHeight)
  return Number.isFinite(factor) ? factor * size : size * 1.2
}
