import type { Preview } from "@storybook/react-vite"
import { loadCodeColours, localeToolbarItems, withDesignSystem } from "../stories/design-system-decorator"
import "../stories/setup"

const preview: Preview = {
  decorators: [withDesignSystem],
  loaders: [loadCodeColours],
  globalTypes: {
    locale: {
      description: "Site language",
      toolbar: {
        title: "Language",
        icon: "globe",
        items: localeToolbarItems,
        dynamicTitle: true,
      },
    },
    theme: {
      description: "Colour theme",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light" },
          { value: "dark", title: "Dark" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "en", theme: "light", viewport: { value: "desktop", isRotated: false } },
  parameters: {
    layout: "centered",
    // Any axe violation fails the story's test.
    a11y: { test: "error" },
    viewport: {
      options: {
        mobile: { name: "Mobile", styles: { width: "375px", height: "812px" }, type: "mobile" },
        tablet: { name: "Tablet", styles: { width: "768px", height: "1024px" }, type: "tablet" },
        desktop: { name: "Desktop", styles: { width: "1280px", height: "800px" }, type: "desktop" },
      },
    },
    options: { storySort: { order: ["Foundations", "Components", "Patterns", "Screens"] } },
  },
  tags: ["autodocs"],
  /**
   * Under Vitest every story is also a visual test: its canvas (or the open dialog, which Radix portals
   * out of the canvas) must match the committed baseline. A docs-only story opts out with the "no-vrt" tag.
   */
  async afterEach({ canvasElement, tags }) {
    if (!("__vitest_browser__" in globalThis) || tags.includes("no-vrt")) return
    const [{ expect }, { page }] = await Promise.all([import("vitest"), import("vitest/browser")])
    await document.fonts.ready
    const dialogs = document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')
    const target = dialogs[dialogs.length - 1] ?? canvasElement
    // A play function that moved the focus may have scrolled the frame: back to the top first, so the height
    // below is measured from there and sticky parts are painted where they rest.
    window.scrollTo(0, 0)
    // Only the test frame's window is painted; grow it to fit a tall screen story.
    const height = Math.ceil(target.getBoundingClientRect().bottom)
    if (height > window.innerHeight) {
      await page.viewport(window.innerWidth, height)
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined))))
    }
    await expect.element(page.elementLocator(target)).toMatchScreenshot()
  },
}

export default preview
