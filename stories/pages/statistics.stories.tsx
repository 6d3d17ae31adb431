import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import type { Page } from "@manyhands/contract"
import { customerApi, type GraphData, type UploadItem } from "@manyhands/contract/captcha"
import { screens } from "@manyhands/pages/customer/screens"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: UploadsScreen }, { default: GraphScreen }] = await Promise.all([
  screens.StatisticsUploads(),
  screens.StatisticsGraph(),
])

const meta = {
  title: "Screens/Customer/Statistics",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type UploadsPage = Page<UploadItem>

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

const atTop = () => window.scrollTo(0, 0)

/** The text of each line an element's text takes on screen. */
function linesOf(element: HTMLElement): string[] {
  const lines: { top: number; text: string }[] = []
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.textContent!.length; i++) {
      const range = document.createRange()
      range.setStart(node, i)
      range.setEnd(node, i + 1)
      const top = Math.round(range.getBoundingClientRect().top)
      const last = lines[lines.length - 1]
      if (last && Math.abs(last.top - top) < 4) last.text += node.textContent![i]
      else lines.push({ top, text: node.textContent![i]! })
    }
  }
  return lines.map((line) => line.text)
}

/* ───────────────────────────── data ───────────────────────────── */

/** A small distorted-text captcha as an SVG data URL: stories cannot reach the API's task pictures. */
function captchaPicture(text: string, hue: number): string {
  const letters = [...text]
    .map((letter, i) => {
      const rotate = ((i * 37) % 30) - 15
      const y = 40 + ((i * 11) % 9) - 4
      return `<text x="${18 + i * 26}" y="${y}" transform="rotate(${rotate} ${18 + i * 26} ${y})">${letter}</text>`
    })
    .join("")
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="64" viewBox="0 0 200 64"><rect width="200" height="64" fill="hsl(${hue} 45% 90%)"/><path d="M0 ${30 + (hue % 13)} C50 10 90 60 200 ${24 + (hue % 17)}" stroke="hsl(${hue} 40% 45%)" stroke-width="2" fill="none"/><g font-family="Georgia,serif" font-size="30" font-weight="700" fill="hsl(${hue} 55% 25%)">${letters}</g><path d="M0 48 C60 60 120 8 200 40" stroke="hsl(${hue} 30% 55%)" stroke-width="1.5" fill="none"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const pictures: Record<string, string> = {
  "70000001288": captchaPicture("x7k2pq", 210),
  "70000001284": captchaPicture("w4mnb", 30),
  "70000001277": captchaPicture("9hd3fz", 150),
  "70000001270": captchaPicture("qe82rv", 280),
}
/** Pictures from above; any other id has none (its rows say hasImage: false). */
const pictureOf = (id: string) => pictures[id] ?? ""

const task = (item: Partial<UploadItem> & Pick<UploadItem, "id" | "type" | "createdAt">): UploadItem => ({
  state: "solved",
  cost: 0,
  currency: "USD",
  answer: null,
  errorCode: null,
  endedAt: null,
  solveSeconds: null,
  workerSeconds: null,
  report: null,
  refunded: false,
  reportableUntil: null,
  hasImage: false,
  ...item,
})

const solved = (
  id: string,
  type: string,
  createdAt: string,
  answer: string,
  cost: number,
  solveSeconds: number,
  workerSeconds: number,
  hasImage = false,
): UploadItem =>
  task({
    id,
    type,
    createdAt,
    state: "solved",
    answer,
    cost,
    solveSeconds,
    workerSeconds,
    hasImage,
    endedAt: new Date(Date.parse(createdAt) + solveSeconds * 1000).toISOString(),
  })

const TOKEN =
  "03AFcWeA5k2xQ9pLm0vT7rYb3nHs8dJq1wZc4gEu6fKi2oPa9sLx0tMv5yNb7hGr3jUq8eWd1zXc6vBn4mKl2pOi9uYt7rEw5qAs3dFg"

/** Inside the report window for as long as the stories run (the server says 15 minutes after submission). */
const REPORTABLE = { reportableUntil: "2999-05-20T09:55:51Z" }

const items: UploadItem[] = [
  task({ id: "70000001291", type: "RecaptchaV2Task", createdAt: "2026-05-20T09:41:12Z", state: "open" }),
  task({ id: "70000001290", type: "ImageToTextTask", createdAt: "2026-05-20T09:41:05Z", state: "open" }),
  {
    ...solved("70000001288", "ImageToTextTask", "2026-05-20T09:40:51Z", "x7k2pq", 500, 7.4, 5.9, true),
    ...REPORTABLE,
  },
  {
    ...solved("70000001287", "RecaptchaV2Task", "2026-05-20T09:39:30Z", TOKEN, 2990, 31.8, 27.2),
    ...REPORTABLE,
  },
  solved("70000001286", "TurnstileTask", "2026-05-20T09:38:02Z", `0.${TOKEN.slice(8, 70)}`, 1450, 12.6, 10.1),
  task({
    id: "70000001285",
    type: "ImageToTextTask",
    createdAt: "2026-05-20T09:36:44Z",
    state: "unsolvable",
    errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
    endedAt: "2026-05-20T09:39:44Z",
    solveSeconds: 180,
  }),
  {
    ...solved("70000001284", "ImageToTextTask", "2026-05-20T09:35:19Z", "w4mnb", 500, 6.1, 4.8, true),
    ...REPORTABLE,
  },
  solved("70000001283", "GridTask", "2026-05-20T09:33:57Z", "click:1/4/7", 1200, 14.2, 11.9),
  solved("70000001282", "CoordinatesTask", "2026-05-20T09:31:40Z", "coordinates:x=112,y=64", 1000, 9.8, 8.0),
  {
    ...solved("70000001281", "ImageToTextTask", "2026-05-20T09:30:08Z", "hn5tt", 0, 8.3, 6.6),
    report: "bad",
    refunded: true,
  },
  solved(
    "70000001280",
    "RecaptchaV2Task",
    "2026-05-20T09:28:45Z",
    TOKEN.split("").reverse().join(""),
    2990,
    42.5,
    38.3,
  ),
  solved("70000001279", "TextCaptchaTask", "2026-05-20T09:27:13Z", "Paris", 500, 11.0, 9.4),
  task({
    id: "70000001278",
    type: "RecaptchaV2Task",
    createdAt: "2026-05-20T09:25:51Z",
    state: "unsolvable",
    errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
    endedAt: "2026-05-20T09:28:51Z",
    solveSeconds: 180,
  }),
  solved("70000001277", "ImageToTextTask", "2026-05-20T09:24:29Z", "9hd3fz", 500, 5.7, 4.2, true),
  solved(
    "70000001276",
    "TurnstileTask",
    "2026-05-20T09:22:02Z",
    `0.${TOKEN.slice(20, 84)}`,
    1450,
    15.9,
    13.0,
  ),
  solved("70000001275", "ImageToTextTask", "2026-05-20T09:20:36Z", "4fbk9", 500, 6.9, 5.5),
  solved("70000001274", "GridTask", "2026-05-20T09:18:11Z", "click:2/3/6/9", 1200, 17.4, 14.6),
  solved("70000001273", "ImageToTextTask", "2026-05-20T09:16:58Z", "mmq7c", 500, 8.8, 7.0),
  solved("70000001272", "RecaptchaV2Task", "2026-05-20T09:15:24Z", TOKEN.slice(4) + "Qx", 2990, 29.1, 25.7),
  solved("70000001270", "ImageToTextTask", "2026-05-20T09:13:47Z", "qe82rv", 500, 7.1, 5.8, true),
]

const firstPage: UploadsPage = { items, total: 134, page: 1, pageSize: 20 }
const noUploads: UploadsPage = { items: [], total: 0, page: 1, pageSize: 20 }
const unsolvablePage: UploadsPage = {
  items: items.filter((item) => item.state === "unsolvable"),
  total: 2,
  page: 1,
  pageSize: 20,
}
const secondPage: UploadsPage = {
  items: items.map((item, i) => ({ ...item, id: String(70000001250 - i), hasImage: false, state: "solved" })),
  total: 134,
  page: 2,
  pageSize: 20,
}

const TODAY = "2026-05-20"
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Per type: tasks on an ordinary day, the price per task in micro-units, the usual solve time and how often it works. */
const profile: [type: string, tasks: number, price: number, seconds: number, solvedShare: number][] = [
  ["ImageToTextTask", 1240, 500, 7.2, 0.97],
  ["RecaptchaV2Task", 410, 2990, 33.5, 0.93],
  ["TurnstileTask", 260, 1450, 13.1, 0.98],
  ["GridTask", 95, 1200, 15.8, 0.95],
  ["CoordinatesTask", 42, 1000, 10.4, 0.96],
  ["TextCaptchaTask", 18, 500, 11.7, 0.99],
  ["AudioTask", 6, 500, 19.3, 0.9],
  ["GeeTestTask", 3, 2990, 24.6, 0.88],
]

/** Days from `from` to `to` of a plausible account: weekdays busier, a quiet day now and then. */
function graphData(from: string, to: string): GraphData {
  const rows: GraphData["rows"] = []
  for (let day = from, n = 0; day <= to; day = addDays(day, 1), n++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    const load = (weekday === 0 || weekday === 6 ? 0.55 : 1) * (1 + 0.18 * Math.sin(n / 2.3))
    profile.forEach(([type, base, price, seconds, share], i) => {
      const tasks = Math.round(base * load * (1 + 0.12 * Math.cos(n + i)))
      // The rare types skip some days; the chart shows 0 there.
      if (tasks === 0 || (base < 20 && (n + i) % 3 === 0)) return
      const solvedTasks = Math.round(tasks * share)
      rows.push({
        date: day,
        type,
        tasks,
        solved: solvedTasks,
        spent: solvedTasks * price,
        averageSolveSeconds: Math.round(seconds * (1 + 0.1 * Math.sin(n + i * 2)) * 10) / 10,
      })
    })
  }
  return { dateFrom: from, dateTo: to, currency: "USD", rows }
}

/** A new account's first captchas: each type spent less than a cent, $0.01942 in all. */
const subCent: GraphData = {
  dateFrom: addDays(TODAY, -6),
  dateTo: TODAY,
  currency: "USD",
  rows: [
    {
      date: addDays(TODAY, -1),
      type: "ImageToTextTask",
      tasks: 3,
      solved: 3,
      spent: 1_500,
      averageSolveSeconds: 7.4,
    },
    { date: TODAY, type: "ImageToTextTask", tasks: 2, solved: 2, spent: 1_000, averageSolveSeconds: 6.8 },
    { date: TODAY, type: "RecaptchaV2Task", tasks: 5, solved: 5, spent: 14_950, averageSolveSeconds: 31.2 },
    { date: TODAY, type: "GridTask", tasks: 2, solved: 1, spent: 1_970, averageSolveSeconds: 15.1 },
  ],
}

const week = graphData(addDays(TODAY, -6), TODAY)
const month = graphData(addDays(TODAY, -29), TODAY)
const quarter = graphData(addDays(TODAY, -89), TODAY)
const emptyWeek: GraphData = { ...week, rows: [] }
const query = (from: string, to: string) => on(customerApi.graph, null, { dateFrom: from, dateTo: to })

/* ───────────────────────────── /statistics/uploads ───────────────────────────── */

const uploadsStory =
  (uploads: UploadsPage | undefined, api: StoryApi = {}) =>
  () => (
    // The screen reads its first page through SWR too: the server answers it as the route preloaded it.
    <Shell services={{ user: storyUser }} api={{ [on(customerApi.uploads)]: uploads ?? pending, ...api }}>
      <UploadsScreen uploads={uploads} taskImageUrl={pictureOf} />
    </Shell>
  )

/** The first page: pictures, mixed states, a long token cut short, a refund; 134 uploads over 7 pages. */
export const Uploads: Story = {
  name: "Uploads",
  render: uploadsStory(firstPage, { [on(customerApi.uploads, null, { page: 2 })]: secondPage }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Upload statistics" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Your uploads, newest first" })
    await expect(within(table).getAllByRole("row")).toHaveLength(21)
    await expect(canvas.getByText("1–20 of 134")).toBeVisible()
    await expect(within(table).getByRole("img", { name: "Picture of task 70000001288" })).toBeVisible()
    await expect(within(table).getAllByText("ERROR_CAPTCHA_UNSOLVABLE")).toHaveLength(2)
    await step("the table fits its column; error codes wrap only after an underscore", async () => {
      // The content column is as wide from 1,200 px up (the 1,366 px laptops of the report included).
      const frame = table.closest<HTMLElement>('[data-slot="table-container"]')!
      await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth)
      for (const code of within(table).getAllByText("ERROR_CAPTCHA_UNSOLVABLE"))
        for (const line of linesOf(code)) await expect(line).toMatch(/^(ERROR_|CAPTCHA_|UNSOLVABLE)+$/)
    })
    await expect(within(table).getAllByText("$0.00299")).toHaveLength(3)
    await step("the whole answer on demand", async () => {
      await userEvent.click(
        canvas.getByRole("button", { name: "Show all of the answer to task 70000001287" }),
      )
      const popover = await screen.findByRole("dialog", { name: "Answer to task 70000001287" })
      await expect(popover).toHaveTextContent(TOKEN)
      await userEvent.keyboard("{Escape}")
    })
    await step("the next page", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Page 2" }))
      await expect(await canvas.findByText("21–40 of 134")).toBeVisible()
      await expect(within(table).getByRole("rowheader", { name: /^70000001250/ })).toBeVisible()
      await userEvent.click(canvas.getByRole("button", { name: "Page 1" }))
      await expect(await canvas.findByText("1–20 of 134")).toBeVisible()
    })
    atTop()
  },
}

/** A picture opens larger in a dialog, with the answer under it (by click, or Enter on the thumbnail). */
export const UploadsPicture: Story = {
  name: "Uploads: picture",
  render: uploadsStory(firstPage),
  play: async ({ canvas }) => {
    const thumbnail = canvas.getByRole("button", { name: "Show the picture of task 70000001284 larger" })
    thumbnail.focus()
    await userEvent.keyboard("{Enter}")
    const dialog = await screen.findByRole("dialog", { name: "Task 70000001284" })
    await expect(within(dialog).getByRole("img", { name: "Picture of task 70000001284" })).toBeVisible()
    await expect(dialog).toHaveTextContent("w4mnb")
    // Its details offer the report while the window is open.
    await expect(
      within(dialog).getByRole("button", { name: "Report as wrong (task 70000001284)" }),
    ).toBeVisible()
  },
}

/**
 * "Report as wrong" in a row: asked first with the refund said, then the row shows the report and the refund,
 * announced, without reading the list again.
 */
export const UploadsReportWrong: Story = {
  name: "Uploads: report a wrong answer",
  render: uploadsStory(firstPage, {
    [on(customerApi.report, { id: "70000001288" })]: (body: unknown) => {
      if ((body as { verdict: string }).verdict !== "bad") throw new Error("expected a wrong-answer report")
      return {
        id: "70000001288",
        report: "bad",
        refunded: true,
        refund: 500,
        cost: 0,
        currency: "USD",
        balance: { amount: 24_999_050, currency: "USD" },
      }
    },
  }),
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Your uploads, newest first" })
    const row = within(table).getByRole("row", { name: /^70000001288/ })
    await userEvent.click(within(row).getByRole("button", { name: "Report as wrong (task 70000001288)" }))
    const dialog = await screen.findByRole("dialog", {
      name: "Report the answer of task 70000001288 as wrong?",
    })
    await expect(dialog).toHaveTextContent("The $0.0005 it cost comes back to your balance.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Report as wrong" }))
    const said = await within(row).findByText("Reported as wrong: $0.0005 refunded.")
    await expect(said).toHaveAttribute("role", "status")
    await waitFor(() => expect(said).toHaveFocus())
    await expect(within(row).getByText("Refunded")).toBeVisible()
    await expect(within(row).queryByRole("button", { name: /^Confirm correct/ })).toBeNull()
    atTop()
  },
}

/** While the route loads the first page: placeholder rows under the filters. */
export const UploadsLoading: Story = {
  name: "Uploads: loading",
  render: uploadsStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getByText("Loading uploads…")).toBeInTheDocument()
  },
}

/** A new account: nothing sent yet, and the way to send a first captcha. */
export const UploadsEmpty: Story = {
  name: "Uploads: empty",
  render: uploadsStory(noUploads),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No uploads yet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Send a test captcha" })).toHaveAttribute(
      "href",
      "/testcaptcha",
    )
    await expect(canvas.getByRole("button", { name: "Reset filters" })).toBeDisabled()
  },
}

const unsolvable = fn(() => unsolvablePage)
const nothingOpen = fn(() => ({ ...noUploads }))

/** Choosing a state asks the API for it and shows the answer; a filter without matches offers the way back. */
export const UploadsFiltered: Story = {
  name: "Uploads: filtered",
  render: uploadsStory(firstPage, {
    [on(customerApi.uploads, null, { state: "unsolvable" })]: unsolvable,
    [on(customerApi.uploads, null, { state: "open" })]: nothingOpen,
  }),
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole("table", { name: "Your uploads, newest first" })
    const state = canvas.getByRole("combobox", { name: "State" })
    await step("no matches: reset filters", async () => {
      await userEvent.selectOptions(state, "In progress")
      await waitFor(() => expect(nothingOpen).toHaveBeenCalledTimes(1))
      await expect(
        await canvas.findByRole("heading", { name: "No uploads match these filters" }),
      ).toBeVisible()
      const resets = canvas.getAllByRole("button", { name: "Reset filters" })
      await userEvent.click(resets[resets.length - 1]!)
      await expect(await canvas.findByText("1–20 of 134")).toBeVisible()
      await expect(state).toHaveTextContent("All states")
    })
    await step("unsolvable ones", async () => {
      await userEvent.selectOptions(state, "Unsolvable")
      await waitFor(() => expect(unsolvable).toHaveBeenCalledTimes(1))
      await expect(await canvas.findByText("1–2 of 2")).toBeVisible()
      await expect(within(table).getAllByRole("row")).toHaveLength(3)
      await expect(within(table).getByRole("rowheader", { name: /^70000001285/ })).toBeVisible()
      await expect(within(table).getByRole("rowheader", { name: /^70000001278/ })).toBeVisible()
      await expect(state).toHaveTextContent("Unsolvable")
      await expect(canvas.queryByRole("navigation", { name: "Pages of uploads" })).toBeNull()
    })
    atTop()
  },
}

let failFirst = true
const flaky = fn(() => {
  if (failFirst) {
    failFirst = false
    throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
  }
  return unsolvablePage
})

/** A filtered list that fails to load: the message, and a retry that works. */
export const UploadsError: Story = {
  name: "Uploads: error",
  render: uploadsStory(firstPage, { [on(customerApi.uploads, null, { state: "unsolvable" })]: flaky }),
  play: async ({ canvas }) => {
    failFirst = true
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "State" }), "Unsolvable")
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("The uploads could not be loaded")
    await expect(alert).toHaveTextContent("The server could not answer. Try again in a minute.")
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    await expect(await canvas.findByText("1–2 of 2")).toBeVisible()
    failFirst = true
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "State" }), "All states")
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "State" }), "Unsolvable")
    await expect(await canvas.findByRole("alert")).toBeVisible()
    atTop()
  },
}

/** On a phone every upload is a card. */
export const UploadsMobile: Story = {
  name: "Uploads: mobile",
  globals: { viewport: { value: "mobile" } },
  render: uploadsStory({ ...firstPage, items: items.slice(0, 5) }),
}

/* ───────────────────────────── /statistics/graph_captures ───────────────────────────── */

const graphStory =
  (captureGraph: GraphData | undefined, api: StoryApi = {}) =>
  () => (
    // The default window is read through SWR too: the server answers it as the route preloaded it.
    <Shell services={{ user: storyUser }} api={{ [on(customerApi.graph)]: captureGraph ?? pending, ...api }}>
      <GraphScreen captureGraph={captureGraph} />
    </Shell>
  )

/** The default window: the last 7 days, eight types (five of their own, three as "Other types"). */
export const Graph: Story = {
  name: "Graph: 7 days",
  render: graphStory(week),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Captcha graph" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByText("Showing May 14, 2026 to May 20, 2026")).toBeVisible()
    const tasks = canvas.getByRole("figure", { name: "Captchas sent" })
    await expect(
      within(tasks)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Normal image captcha",
      "reCAPTCHA v2",
      "Cloudflare Turnstile",
      "Grid (pick the tiles)",
      "Click on coordinates",
      "Other types",
    ])
    const table = canvas.getByRole("table", { name: /^By captcha type/ })
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + 8 + 1)
    await expect(within(table).getByRole("rowheader", { name: "All types" })).toBeVisible()
  },
}

/**
 * Amounts under a cent keep their digits in the figure, the chart's axis and tooltip, and the table, by the one
 * money rule: $0.0025 for the image captchas, never $0.00 beside a total of $0.01942.
 */
export const GraphSubCent: Story = {
  name: "Graph: sub-cent spend",
  render: graphStory(subCent),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("group", { name: "Spent" })).toHaveTextContent("$0.01942")
    const table = canvas.getByRole("table", { name: /^By captcha type/ })
    await expect(within(table).getByRole("row", { name: /^Normal image captcha/ })).toHaveTextContent(
      "$0.0025",
    )
    await expect(within(table).getByRole("row", { name: /^Grid/ })).toHaveTextContent("$0.00197")
    await expect(within(table).getByRole("row", { name: /^All types/ })).toHaveTextContent("$0.01942")
    const spend = canvas.getByRole("figure", { name: "Spend" })
    await step("the axis", async () => {
      const ticks = [...spend.querySelectorAll("text, span")]
        .map((tick) => tick.textContent ?? "")
        .filter((text) => /^\$\d/.test(text))
      await expect(ticks).toContain("$0.01")
      await expect(ticks).toContain("$0.005")
    })
    await step("the tooltip of the last day", async () => {
      const days = within(spend).getAllByRole("img")
      const today = days[days.length - 1]!
      await expect(today).toHaveAccessibleName(/\$0\.001\b/)
      today.focus()
      const tooltip = await waitFor(() => {
        const shown = spend.querySelector<HTMLElement>('[data-slot="chart-tooltip"]')
        if (!shown) throw new Error("no tooltip yet")
        return shown
      })
      await expect(tooltip).toHaveTextContent("$0.001")
      await expect(tooltip).toHaveTextContent("$0.01495")
      await expect(tooltip).toHaveTextContent("$0.00197")
      await expect(tooltip).toHaveTextContent("$0.01792")
    })
  },
}

const monthAnswer = fn(() => month)

/** "30 days" fetches that window, keeps it in the address and redraws. */
export const GraphThirtyDays: Story = {
  name: "Graph: 30 days",
  render: graphStory(week, { [query(addDays(TODAY, -29), TODAY)]: monthAnswer }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "30 days" }))
    await waitFor(() => expect(monthAnswer).toHaveBeenCalledTimes(1))
    await expect(await canvas.findByText("Showing April 21, 2026 to May 20, 2026")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByRole("textbox", { name: /From$/ })).toHaveValue("2026-04-21")
    const tasks = canvas.getByRole("figure", { name: "Captchas sent" })
    await expect(within(tasks).getAllByRole("img")).toHaveLength(30)
    atTop()
  },
}

const neverAsked = fn(() => quarter)

/** More than 92 days is refused next to the fields, and nothing is fetched. */
export const GraphInvalidRange: Story = {
  name: "Graph: invalid range",
  render: graphStory(week, { [query("2026-01-01", TODAY)]: neverAsked }),
  play: async ({ canvas, step }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    await step("the first day after the last", async () => {
      await userEvent.clear(from)
      await userEvent.type(from, "2026-05-25")
      await expect(await canvas.findByText("The first day must not be after the last day.")).toBeVisible()
    })
    await step("longer than 92 days", async () => {
      await userEvent.clear(from)
      await userEvent.type(from, "2026-01-01")
      await expect(
        await canvas.findByText(
          "A period can be at most 92 days long: choose a later first day or an earlier last day.",
        ),
      ).toBeVisible()
      await expect(from).toBeInvalid()
      await expect(neverAsked).not.toHaveBeenCalled()
      await expect(canvas.getByText("Showing May 14, 2026 to May 20, 2026")).toBeVisible()
    })
    atTop()
  },
}

/** While the route loads the default window. */
export const GraphLoading: Story = {
  name: "Graph: loading",
  render: graphStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading statistics…")).toBeInTheDocument()
  },
}

/** No captchas in the window. */
export const GraphEmpty: Story = {
  name: "Graph: empty",
  render: graphStory(emptyWeek),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No captchas in this period" })).toBeVisible()
    await expect(canvas.queryByRole("figure")).toBeNull()
  },
}

const quarterFails = fn(() => {
  throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
})

/** A window that fails to load: the message and a retry. */
export const GraphError: Story = {
  name: "Graph: error",
  render: graphStory(week, { [query(addDays(TODAY, -89), TODAY)]: quarterFails }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "90 days" }))
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("The statistics could not be loaded")
    await expect(within(alert).getByRole("button", { name: "Try again" })).toBeVisible()
    atTop()
  },
}
