import { useCallback, useState } from "react"

/**
 * For the scrolling body of a Modal or Drawer: while its content overflows, the body takes part in the
 * tab order (`tabIndex` 0) so keyboard users can scroll it even when it holds no focusable element.
 * Returns the ref to put on the body and the tabIndex to give it.
 */
export function useScrollableBody() {
  const [scrollable, setScrollable] = useState(false)
  const ref = useCallback((node: HTMLElement | null) => {
    if (!node) return
    const check = () => setScrollable(node.scrollHeight > node.clientHeight + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(node)
    for (const child of Array.from(node.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [])
  return { ref, tabIndex: scrollable ? 0 : undefined }
}

/** Focus look of a scrolling body that can take focus: a ring drawn inside its edges. */
export const scrollableBodyFocus =
  "focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
