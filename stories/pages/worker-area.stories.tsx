import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { TASK_LANGUAGES, workerSettingsApi, type WorkerSettings } from "@manyhands/contract/captcha"
import type { MistakesData } from "@manyhands/contract/worker"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/worker/screens"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, storyUser } from "./story-shell"

const [{ default: MistakesScreen }, { default: LanguagesScreen }] = await Promise.all([
  screens.WorkerMistakes(),
  screens.WorkerLanguages(),
])

// One CSF file has one title: the stories of /cabinet/mistakes and /cabinet/editlang share this folder, their
// names start with the screen's.
const meta = {
  title: "Screens/Worker/Mistakes and languages",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const workerUser: ShellUser = {
  ...storyUser,
  id: "70000001234",
  email: "ravi.k@example.net",
  profile: { ...storyUser.profile, userType: "worker", displayName: "Ravi Kumar", timezone: "Asia/Kolkata" },
}

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/* ──────────────────────────── pictures of tasks ──────────────────────────── */

const svg = (width: number, height: number, body: string) =>
  `data:image/svg+xml;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  )}`

/** A distorted-text captcha reading "k7Hm3". */
const textPicture = svg(
  240,
  80,
  `<rect width="240" height="80" fill="#eef1f4"/>
   <path d="M0 50 C50 10 110 80 160 35 S230 60 240 30" stroke="#8a94a3" stroke-width="3" fill="none"/>
   <g font-family="monospace" font-size="44" font-weight="700" fill="#2b3442">
     <text x="22" y="56" transform="rotate(-9 40 50)">k</text>
     <text x="66" y="60" transform="rotate(8 80 50)">7</text>
     <text x="106" y="54" transform="rotate(-6 120 50)">H</text>
     <text x="148" y="60" transform="rotate(10 160 50)">m</text>
     <text x="192" y="55" transform="rotate(-8 205 50)">3</text>
   </g>`,
)

/** A 3 × 3 grid of street scenes, 300 × 300; buses in tiles 1, 5 and 9. */
const gridPicture = (() => {
  const bus = (x: number, y: number) =>
    `<rect x="${x + 14}" y="${y + 34}" width="72" height="34" rx="6" fill="#e0a526"/>
     <rect x="${x + 20}" y="${y + 40}" width="14" height="12" fill="#cfe3f3"/>
     <rect x="${x + 40}" y="${y + 40}" width="14" height="12" fill="#cfe3f3"/>
     <rect x="${x + 60}" y="${y + 40}" width="14" height="12" fill="#cfe3f3"/>
     <circle cx="${x + 30}" cy="${y + 70}" r="6" fill="#333"/><circle cx="${x + 70}" cy="${y + 70}" r="6" fill="#333"/>`
  const tree = (x: number, y: number) =>
    `<rect x="${x + 46}" y="${y + 55}" width="8" height="25" fill="#7a5230"/><circle cx="${x + 50}" cy="${y + 45}" r="22" fill="#4c9a52"/>`
  const car = (x: number, y: number) =>
    `<rect x="${x + 22}" y="${y + 48}" width="56" height="20" rx="6" fill="#c4483f"/><rect x="${x + 34}" y="${y + 36}" width="30" height="14" rx="4" fill="#c4483f"/>
     <circle cx="${x + 36}" cy="${y + 70}" r="6" fill="#333"/><circle cx="${x + 66}" cy="${y + 70}" r="6" fill="#333"/>`
  const scenes = [bus, tree, car, car, bus, tree, tree, car, bus]
  const tiles = scenes
    .map((scene, index) => {
      const x = (index % 3) * 100
      const y = Math.floor(index / 3) * 100
      return `<rect x="${x}" y="${y}" width="100" height="100" fill="${index % 2 ? "#dfe7ee" : "#e8eef3"}"/>
        <rect x="${x}" y="${y + 78}" width="100" height="22" fill="#9aa4ad"/>${scene(x, y)}`
    })
    .join("")
  return svg(
    300,
    300,
    `${tiles}<g stroke="#fff" stroke-width="3"><path d="M100 0V300M200 0V300M0 100H300M0 200H300"/></g>`,
  )
})()

/** A 400 × 240 picture with two stars to click, left to right. */
const starsPicture = svg(
  400,
  240,
  `<rect width="400" height="240" fill="#e9eef5"/>
   <circle cx="210" cy="60" r="26" fill="#9cc3e4"/><rect x="40" y="150" width="60" height="60" fill="#b8d4a8"/>
   <polygon points="110,44 118,64 140,64 122,77 129,98 110,85 91,98 98,77 80,64 102,64" fill="#e0a526"/>
   <polygon points="262,126 270,146 292,146 274,159 281,180 262,167 243,180 250,159 232,146 254,146" fill="#e0a526"/>
   <circle cx="320" cy="70" r="14" fill="#d07a6d"/>`,
)

/** A 360 × 220 street with one car to frame. */
const carPicture = svg(
  360,
  220,
  `<rect width="360" height="220" fill="#dde6ee"/><rect y="160" width="360" height="60" fill="#9aa4ad"/>
   <rect x="120" y="110" width="150" height="52" rx="12" fill="#3d6fa8"/><rect x="150" y="84" width="86" height="32" rx="8" fill="#3d6fa8"/>
   <circle cx="155" cy="166" r="14" fill="#333"/><circle cx="238" cy="166" r="14" fill="#333"/>`,
)

/* ─────────────────────────────── mistakes ─────────────────────────────── */

/** 30 days of checked answers up to 4 March 2026: images every day, grids most days, clicks now and then. */
const accuracy: MistakesData["accuracy"] = (() => {
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 1, 3 + i))
    return date.toISOString().slice(0, 10)
  })
  const rows: MistakesData["accuracy"] = []
  days.forEach((date, i) => {
    const checked = 6 + ((i * 7) % 5)
    rows.push({
      type: "ImageToTextTask",
      date,
      checked,
      correct: checked - (i % 6 === 2 ? 2 : i % 4 === 1 ? 1 : 0),
    })
    if (i % 3 !== 1) {
      const grid = 3 + (i % 3)
      rows.push({
        type: "GridTask",
        date,
        checked: grid,
        correct: grid - (i % 5 === 0 ? 1 : 0) - (i > 20 ? 0 : i % 7 === 3 ? 1 : 0),
      })
    }
    if (i % 4 === 0) rows.push({ type: "CoordinatesTask", date, checked: 2, correct: i % 8 === 0 ? 1 : 2 })
  })
  return rows.sort((a, b) => (a.date === b.date ? (a.type < b.type ? -1 : 1) : a.date < b.date ? -1 : 1))
})()

const mistakes: MistakesData = {
  items: [
    {
      id: "5012",
      type: "GridTask",
      source: "gold",
      given: { click: [1, 4] },
      expected: { click: [1, 5, 9] },
      at: "2026-03-04T09:41:00Z",
      image: gridPicture,
      comment: "Select all images with a bus",
    },
    {
      id: "5009",
      type: "ImageToTextTask",
      source: "gold",
      given: { text: "k7Hn3" },
      expected: { text: "k7Hm3" },
      at: "2026-03-03T18:12:00Z",
      image: textPicture,
      comment: null,
    },
    {
      id: "5004",
      type: "CoordinatesTask",
      source: "gold",
      given: {
        coordinates: [
          { x: 110, y: 72 },
          { x: 320, y: 70 },
        ],
      },
      expected: {
        coordinates: [
          { x: 110, y: 72 },
          { x: 262, y: 153 },
        ],
      },
      at: "2026-03-02T14:05:00Z",
      image: starsPicture,
      comment: "Click the two stars, from left to right",
    },
    {
      id: "4998",
      type: "TextCaptchaTask",
      source: "report",
      given: { text: "Lyon" },
      expected: null,
      at: "2026-02-28T11:30:00Z",
      image: null,
      comment: "What is the capital of France?",
    },
    {
      id: "4990",
      type: "BoundingBoxTask",
      source: "gold",
      given: { bounding_boxes: [{ xMin: 150, xMax: 270, yMin: 84, yMax: 150 }] },
      expected: { bounding_boxes: [{ xMin: 118, xMax: 272, yMin: 80, yMax: 182 }] },
      at: "2026-02-25T08:02:00Z",
      image: carPicture,
      comment: "Draw a box around the car",
    },
    {
      id: "4981",
      type: "ImageToTextTask",
      source: "report",
      given: { text: "W7KQ2" },
      expected: null,
      at: "2026-02-21T20:47:00Z",
      image: null,
      comment: null,
    },
  ],
  accuracy,
}

const Mistakes = ({ data }: { data?: MistakesData }) => (
  <Shell services={{ user: workerUser }}>
    <MistakesScreen mistakes={data} />
  </Shell>
)

/** Wrong answers of several forms: tiles, text, points and boxes drawn over the picture, and a report. */
export const MistakesLoaded: Story = {
  name: "Mistakes",
  render: () => <Mistakes data={mistakes} />,
  play: async ({ canvas, canvasElement, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Mistakes")
    await expect(
      within(canvas.getByRole("navigation", { name: "Worker cabinet" })).getByRole("link", {
        name: "Mistakes",
      }),
    ).toHaveAttribute("aria-current", "page")
    // Earnings leave through payouts: the cabinet leads there.
    await expect(
      within(canvas.getByRole("navigation", { name: "Worker cabinet" })).getByRole("link", {
        name: "Payouts",
      }),
    ).toHaveAttribute("href", "/partner/payment")
    await step("a grid answer names the tiles and marks them on both pictures", async () => {
      const card = within(canvas.getByRole("article", { name: "Grid (pick the tiles)" }))
      await expect(card.getByText("Tiles 1, 4")).toBeVisible()
      await expect(card.getByText("Tiles 1, 5, 9")).toBeVisible()
      await expect(
        card.getByRole("img", { name: "The task's picture with your answer marked" }),
      ).toBeVisible()
      await expect(
        card.getByRole("img", { name: "The task's picture with the accepted answer marked" }),
      ).toBeVisible()
      await expect(card.getByText("Check task")).toBeVisible()
    })
    await step("a text answer, and a report without an accepted answer", async () => {
      const text = within(canvas.getAllByRole("article", { name: "Normal image captcha" })[0]!)
      await expect(text.getByText("k7Hn3")).toBeVisible()
      await expect(text.getByText("k7Hm3")).toBeVisible()
      const report = within(canvas.getByRole("article", { name: "Text question" }))
      await expect(report.getByText("What is the capital of France?")).toBeVisible()
      await expect(report.getByText("The customer reported the answer as wrong.")).toBeVisible()
      await expect(report.getByText(/^Not known/)).toBeVisible()
    })
    await step("points are written out", async () => {
      const card = within(canvas.getByRole("article", { name: "Click on coordinates" }))
      await expect(card.getByText("Points 1: x 110, y 72; 2: x 320, y 70")).toBeVisible()
    })
    await step("answers are drawn once the pictures have loaded", async () => {
      // Grid, points and boxes: two pictures each.
      await waitFor(() => expect(canvasElement.querySelectorAll("[data-slot=answer-marks]")).toHaveLength(6))
    })
    await step("the accuracy per type, as charts and a table", async () => {
      await expect(canvas.getByRole("figure", { name: "Normal image captcha" })).toBeVisible()
      const table = within(canvas.getByRole("table", { name: "Totals of the last 30 days by type" }))
      await expect(table.getAllByRole("row")).toHaveLength(4)
      await expect(table.getByRole("rowheader", { name: "Normal image captcha" })).toBeVisible()
    })
    await step("the type filter narrows the list", async () => {
      await userEvent.selectOptions(
        canvas.getByRole("combobox", { name: "Captcha type" }),
        "Normal image captcha (2)",
      )
      await expect(canvas.getByText("Showing 2 of 2.")).toBeVisible()
      await expect(canvas.queryByRole("article", { name: "Text question" })).toBeNull()
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Captcha type" }), "All types (6)")
      await expect(canvas.getByText("Showing 6 of 6.")).toBeVisible()
    })
    ;(document.activeElement as HTMLElement | null)?.blur()
    atTop()
  },
}

/** On a phone the two pictures of an answer stack, and the charts take the full width. */
export const MistakesMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => <Mistakes data={{ ...mistakes, items: mistakes.items.slice(0, 2) }} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("article", { name: "Grid (pick the tiles)" })).toBeVisible()
    await waitFor(() => expect(canvasElement.querySelectorAll("[data-slot=answer-marks]")).toHaveLength(2))
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** A worker without mistakes and without checked answers yet. */
export const MistakesEmpty: Story = {
  render: () => <Mistakes data={{ items: [], accuracy: [] }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No mistakes yet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Go to work" })).toHaveAttribute("href", "/cabinet")
    await expect(
      canvas.getByRole("heading", { name: "No checked answers in the last 30 days" }),
    ).toBeVisible()
    await expect(canvas.queryByRole("table")).toBeNull()
  },
}

/** While the data hook loads: skeletons, announced once per region. */
export const MistakesLoading: Story = {
  render: () => <Mistakes />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("status").length).toBeGreaterThan(0)
    await expect(canvas.queryByRole("article")).toBeNull()
  },
}

/* ─────────────────────────────── languages ─────────────────────────────── */

const available = [...TASK_LANGUAGES]
const settings: WorkerSettings = { languages: ["en", "ru", "uk"], available }

const putSettings = fn((body: unknown) => ({ ...(body as { languages: string[] }), available }))
const refreshSettings = fn(async (_url: string) => {})

const Languages = ({ data }: { data?: WorkerSettings }) => (
  <Shell
    services={{ user: workerUser, refresh: refreshSettings }}
    api={{ [on(workerSettingsApi.settingsChange)]: putSettings }}
  >
    <LanguagesScreen workerSettings={data} />
  </Shell>
)

/** The saved languages come first, each with its own name under the one in the page's language. */
export const LanguagesLoaded: Story = {
  name: "Languages",
  render: () => <Languages data={settings} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Languages")
    const boxes = canvas.getAllByRole("checkbox")
    await expect(boxes).toHaveLength(available.length)
    await expect(boxes[0]).toHaveAccessibleName("English")
    await expect(boxes[1]).toHaveAccessibleName("Russian")
    await expect(boxes[1]).toBeChecked()
    await expect(canvas.getByText("Chosen: 3 of at most 10.")).toBeVisible()
    await expect(canvas.getByText("Русский")).toHaveAttribute("lang", "ru")
    // Every language has its own name in itself (a fixed table, as the server rendered it), except the two
    // whose English name is the same word.
    const named = canvas.getAllByRole("listitem").filter((item) => item.querySelector("[lang]"))
    await expect(named).toHaveLength(available.length - 2)
    await expect(canvas.getByText("မြန်မာ")).toHaveAttribute("lang", "my")
    await expect(canvas.getByText("ქართული")).toHaveAttribute("lang", "ka")
  },
}

/** Finds Spanish by a part of its name, adds it and saves; the settings are fetched again. */
export const LanguagesSave: Story = {
  render: () => <Languages data={settings} />,
  play: async ({ canvas }) => {
    putSettings.mockClear()
    refreshSettings.mockClear()
    await userEvent.type(canvas.getByRole("searchbox", { name: "Find a language" }), "span")
    await expect(canvas.getAllByRole("checkbox")).toHaveLength(1)
    await userEvent.click(canvas.getByRole("checkbox", { name: /^Spanish/ }))
    await expect(canvas.getByText(/English, Russian, Ukrainian, Spanish/)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Save languages" }))
    await waitFor(() => expect(putSettings).toHaveBeenCalledWith({ languages: ["en", "ru", "uk", "es"] }))
    await expect(refreshSettings).toHaveBeenCalledWith(workerSettingsApi.settings.url())
    await expect(await canvas.findByText(/Your languages are saved/)).toBeVisible()
    atTop()
  },
}

/** Clearing every language is refused before anything is sent. */
export const LanguagesNoneRefused: Story = {
  render: () => <Languages data={settings} />,
  play: async ({ canvas }) => {
    putSettings.mockClear()
    for (const name of ["English", "Russian", "Ukrainian"])
      await userEvent.click(canvas.getByRole("checkbox", { name: new RegExp(`^${name}`) }))
    await expect(canvas.getByText("Chosen: 0 of at most 10.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Save languages" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent("Choose at least one language.")
    await expect(canvas.getAllByRole("checkbox")[0]).toHaveFocus()
    await expect(putSettings).not.toHaveBeenCalled()
    atTop()
  },
}

/** Ten languages are the most: the others cannot be ticked until one is removed. */
export const LanguagesFull: Story = {
  render: () => <Languages data={{ ...settings, languages: available.slice(0, 10) }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText("You chose the most, 10. Remove one to add another.")).toBeVisible()
    await expect(canvas.getByRole("checkbox", { name: /^Dutch/ })).toBeDisabled()
    await userEvent.click(canvas.getByRole("checkbox", { name: /^Arabic/ }))
    await expect(canvas.getByRole("checkbox", { name: /^Dutch/ })).toBeEnabled()
  },
}

/** The server refuses: its message is shown above the button, the choice stays. */
export const LanguagesServerError: Story = {
  render: () => (
    <Shell
      services={{ user: workerUser }}
      api={{
        [on(workerSettingsApi.settingsChange)]: () => {
          throw refusal("The service is busy. Try again in a minute.", "SERVICE_UNAVAILABLE", 503)
        },
      }}
    >
      <LanguagesScreen workerSettings={settings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("checkbox", { name: /^German/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Save languages" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "The service is busy. Try again in a minute.",
    )
    await expect(canvas.getByRole("checkbox", { name: /^German/ })).toBeChecked()
    atTop()
  },
}

export const LanguagesLoading: Story = {
  render: () => <Languages />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toBeInTheDocument()
    await expect(canvas.queryByRole("checkbox")).toBeNull()
  },
}
