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
    const target = document.querySelector<HTMLElement>('[role="dialog"]') ?? canvasElement
    // Only the test frame's window is painted; grow it to fit a tall screen story.
    const height = Math.ceil(target.getBoundingClientRect().bottom)
    if (height > window.innerHeight) {
      await page.viewport(window.innerWidth, height)
      await new Promise((done) => requestAnimationFrame(() => done(undefined)))
    }
    await expect.element(page.elementLocator(target)).toMatchScreenshot()
  },
}

export default preview
