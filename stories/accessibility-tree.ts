/**
 * What Chromium's accessibility tree — not the DOM — says is inside `element`: for each role asked, the names of the
 * nodes with that role, in order. This is what a screen reader is told; CSS can change it (a table row laid out as a
 * flex box loses its row role unless it is given one), which DOM-based queries such as getByRole cannot see.
 * Only under Vitest (it asks Chromium through the DevTools protocol); in the Storybook UI it answers null.
 */
export async function accessibilityTree(
  element: Element,
  roles: readonly string[],
): Promise<Record<string, string[]> | null> {
  if (!("__vitest_browser__" in globalThis)) return null
  const { cdp } = await import("vitest/browser")
  const marker = `probe-${Math.random().toString(36).slice(2)}`
  element.setAttribute("data-accessibility-probe", marker)
  try {
    const session = cdp() as unknown as { send: (method: string, params?: object) => Promise<unknown> }
    // The session belongs to the top page; the story renders in a frame of the same origin inside it.
    const found = (await session.send("Runtime.evaluate", {
      expression: `(() => {
        const selector = '[data-accessibility-probe="${marker}"]'
        const search = (doc) => doc.querySelector(selector) ??
          [...doc.querySelectorAll("iframe")].map((frame) => frame.contentDocument && search(frame.contentDocument)).find(Boolean)
        return search(document)
      })()`,
    })) as { result: { objectId?: string } }
    const objectId = found.result.objectId
    if (!objectId) throw new Error("accessibilityTree: the element was not found from the top page")
    const tree: Record<string, string[]> = {}
    for (const role of roles) {
      const { nodes } = (await session.send("Accessibility.queryAXTree", { objectId, role })) as {
        nodes: { name?: { value?: string } }[]
      }
      tree[role] = nodes.map((node) => node.name?.value ?? "")
    }
    return tree
  } finally {
    element.removeAttribute("data-accessibility-probe")
  }
}
