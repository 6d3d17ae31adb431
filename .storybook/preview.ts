import type { Preview } from "@storybook/react-vite"
import "../stories/setup"

const preview: Preview = {
  parameters: {
    layout: "centered",
    // Any axe violation fails the story's test.
    a11y: { test: "error" },
  },
  tags: ["autodocs"],
  /**
   * Under Vitest every story is also a visual test: its canvas (or the open dialog, which Radix portals
   * out of the canvas) must match the committed baseline. A story opts out with the "no-vrt" tag.
   */
  async afterEach({ canvasElement, tags }) {
    if (!("__vitest_browser__" in globalThis) || tags.includes("no-vrt")) return
    const [{ expect }, { page }] = await Promise.all([import("vitest"), import("vitest/browser")])
    await document.fonts.ready
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')
    await expect.element(page.elementLocator(dialog ?? canvasElement)).toMatchScreenshot()
  },
}

export default preview
