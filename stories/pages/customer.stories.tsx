import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import {
  customerApi,
  type DashboardData,
  type SamplesData,
  type TaskSummary,
  type TestSubmission,
  type TestTaskProgress,
} from "@manyhands/contract/captcha"
import { screens } from "@manyhands/pages/customer/screens"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, storyUser, type StoryApi } from "./story-shell"

const [{ default: DashboardScreen }, { default: TestCaptchaScreen }] = await Promise.all([
  screens.CustomerDashboard(),
  screens.TestCaptcha(),
])

// The dashboard and the test page are the "Overview" group of the customer area's navigation. One CSF file has
// one title, so both screens share it; each story's name says which screen it shows.
const meta = {
  title: "Screens/Customer/Overview",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type Task = TaskSummary

/** The address the code examples name (the browser's own would change with the test server's port). */
const ORIGIN = "https://manyhands.dev"

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/* ───────────────────────────── data ───────────────────────────── */

const task = (fields: Partial<Task> & Pick<Task, "id" | "type" | "createdAt">): Task => ({
  state: "solved",
  cost: 500,
  currency: "USD",
  answer: null,
  errorCode: null,
  endedAt: null,
  solveSeconds: null,
  report: null,
  refunded: false,
  reportableUntil: null,
  hasImage: true,
  ...fields,
})

const recaptchaToken =
  "03AFcWeA5mXq2Lr8N0cUXk7Zp3Q9vYbT1sDgHjKlMnOpQrStUvWxYz0123456789abcdefghijkLMNOPQRSTUVWXyz-_Ab12Cd34Ef56Gh78Ij90"
const turnstileToken =
  "0.zrSnRHO7h0HwSjSCU8oyzbjEtD8p.d62306d4ee00c77dda697f959ebbd7bd97b0c8ff2a5b3cd2e8ae5a8b1d8f22c0"

const recent: Task[] = [
  task({
    id: "70000001291",
    type: "ImageToTextTask",
    state: "open",
    cost: 0,
    hasImage: true,
    createdAt: "2026-03-04T14:32:51Z",
  }),
  task({
    id: "70000001290",
    type: "RecaptchaV2Task",
    cost: 2990,
    answer: recaptchaToken,
    createdAt: "2026-03-04T14:31:07Z",
    endedAt: "2026-03-04T14:31:29Z",
    solveSeconds: 22,
    hasImage: false,
  }),
  task({
    id: "70000001289",
    type: "ImageToTextTask",
    answer: "w7mk4",
    createdAt: "2026-03-04T14:30:12Z",
    endedAt: "2026-03-04T14:30:19Z",
    solveSeconds: 7,
  }),
  task({
    id: "70000001288",
    type: "GridTask",
    cost: 700,
    answer: "click:2/5/8",
    createdAt: "2026-03-04T14:27:40Z",
    endedAt: "2026-03-04T14:27:58Z",
    solveSeconds: 18,
  }),
  task({
    id: "70000001287",
    type: "ImageToTextTask",
    state: "unsolvable",
    cost: 0,
    errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
    createdAt: "2026-03-04T14:21:03Z",
    endedAt: "2026-03-04T14:22:33Z",
  }),
  task({
    id: "70000001286",
    type: "TurnstileTask",
    cost: 1450,
    answer: turnstileToken,
    createdAt: "2026-03-04T14:18:55Z",
    endedAt: "2026-03-04T14:19:09Z",
    solveSeconds: 14,
    hasImage: false,
  }),
  task({
    id: "70000001285",
    type: "TextCaptchaTask",
    answer: "21",
    createdAt: "2026-03-04T14:12:26Z",
    endedAt: "2026-03-04T14:12:35Z",
    solveSeconds: 9,
    hasImage: false,
  }),
  task({
    id: "70000001284",
    type: "ImageToTextTask",
    cost: 0,
    answer: "8nq2t",
    report: "bad",
    refunded: true,
    createdAt: "2026-03-04T13:58:14Z",
    endedAt: "2026-03-04T13:58:20Z",
    solveSeconds: 6,
  }),
  task({
    id: "70000001283",
    type: "CoordinatesTask",
    cost: 1000,
    answer: "coordinates:x=41,y=27",
    createdAt: "2026-03-04T13:47:39Z",
    endedAt: "2026-03-04T13:47:52Z",
    solveSeconds: 13,
  }),
  task({
    id: "70000001282",
    type: "ImageToTextTask",
    answer: "Hd3Ry",
    createdAt: "2026-03-04T13:40:01Z",
    endedAt: "2026-03-04T13:40:06Z",
    solveSeconds: 5,
  }),
]

const prices: DashboardData["prices"] = [
  { type: "ImageToTextTask", kind: "image", perThousand: "0.50" },
  { type: "TextCaptchaTask", kind: "image", perThousand: "0.50" },
  { type: "GridTask", kind: "image", perThousand: "0.70" },
  { type: "RecaptchaV2Task", kind: "token", perThousand: "2.99" },
  { type: "CoordinatesTask", kind: "image", perThousand: "1.00" },
  { type: "RotateTask", kind: "image", perThousand: "0.50" },
  { type: "TurnstileTask", kind: "token", perThousand: "1.45" },
  { type: "BoundingBoxTask", kind: "image", perThousand: "1.00" },
  { type: "DrawAroundTask", kind: "image", perThousand: "1.00" },
  { type: "AudioTask", kind: "image", perThousand: "0.50" },
  { type: "DragAndDropTask", kind: "image", perThousand: "1.20" },
]

const dashboard: DashboardData = {
  balance: { amount: 18_640_000, currency: "USD" },
  today: { tasks: 184, solved: 176, spent: 142_380 },
  month: { tasks: 5_912, solved: 5_704, spent: 6_203_450 },
  recent,
  apiKey: { exists: true, hint: "7f3a", createdAt: "2025-11-21T14:00:00Z" },
  load: { waiting: 37, workersOnline: 212, medianSolveSeconds: 8.4 },
  prices,
}

const newcomer: DashboardData = {
  balance: { amount: 0, currency: "USD" },
  today: { tasks: 0, solved: 0, spent: 0 },
  month: { tasks: 0, solved: 0, spent: 0 },
  recent: [],
  apiKey: { exists: false, hint: null, createdAt: null },
  load: { waiting: 4, workersOnline: 58, medianSolveSeconds: null },
  prices,
}

/** A small captcha-like PNG drawn in the browser, as a data: URL (nothing is fetched from a server). */
function textCaptcha(text: string, seed: number): string {
  const canvas = document.createElement("canvas")
  canvas.width = 150
  canvas.height = 50
  const c = canvas.getContext("2d")!
  let state = seed
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647
  c.fillStyle = "#f3efe4"
  c.fillRect(0, 0, 150, 50)
  c.strokeStyle = "#8fa1b3"
  for (let i = 0; i < 5; i++) {
    c.beginPath()
    c.moveTo(0, random() * 50)
    c.bezierCurveTo(50, random() * 50, 100, random() * 50, 150, random() * 50)
    c.stroke()
  }
  c.font = "30px 'JetBrains Mono', monospace"
  c.fillStyle = "#1d3557"
  c.textBaseline = "middle"
  ;[...text].forEach((char, index) => {
    c.save()
    c.translate(22 + index * 26, 25 + (random() - 0.5) * 8)
    c.rotate((random() - 0.5) * 0.6)
    c.fillText(char, -9, 0)
    c.restore()
  })
  return canvas.toDataURL("image/png")
}

/** A 3 × 3 grid of shapes: circles at 1, 5 and 9. */
function gridCaptcha(): string {
  const canvas = document.createElement("canvas")
  canvas.width = 150
  canvas.height = 150
  const c = canvas.getContext("2d")!
  c.fillStyle = "#ffffff"
  c.fillRect(0, 0, 150, 150)
  for (let i = 0; i < 9; i++) {
    const x = (i % 3) * 50
    const y = Math.floor(i / 3) * 50
    c.fillStyle = i % 2 ? "#e2effa" : "#fdf1dc"
    c.fillRect(x + 2, y + 2, 46, 46)
    c.fillStyle = "#c2410c"
    c.beginPath()
    if (i % 4 === 0) c.arc(x + 25, y + 25, 14, 0, Math.PI * 2)
    else if (i % 2) c.rect(x + 12, y + 12, 26, 26)
    else {
      c.moveTo(x + 25, y + 10)
      c.lineTo(x + 40, y + 38)
      c.lineTo(x + 10, y + 38)
    }
    c.fill()
  }
  return canvas.toDataURL("image/png")
}

const samples: SamplesData = {
  samples: [
    {
      id: "text-3f9c1a",
      type: "ImageToTextTask",
      fields: {},
      imageUrl: textCaptcha("w7mk4", 11),
      answer: "w7mk4",
    },
    {
      id: "text-8d02be",
      type: "ImageToTextTask",
      fields: { regsense: "1" },
      imageUrl: textCaptcha("Hd3Ry", 23),
      answer: "Hd3Ry",
    },
    {
      id: "text-51c7e0",
      type: "ImageToTextTask",
      fields: { numeric: "4" },
      imageUrl: textCaptcha("52b8x", 37),
      answer: "52b8x",
    },
    {
      id: "question-a41f07",
      type: "TextCaptchaTask",
      fields: { textcaptcha: "Which number is bigger: 12 or 21?" },
      imageUrl: null,
      answer: "21",
    },
    {
      id: "grid-6be3d2",
      type: "GridTask",
      fields: {
        recaptcha: "1",
        textinstructions: "Select all tiles with circles",
        recaptcharows: "3",
        recaptchacols: "3",
      },
      imageUrl: gridCaptcha(),
      answer: "click:1/5/9",
    },
    // A type the page does not send: it is left out.
    { id: "rotate-0c1d", type: "RotateTask", fields: {}, imageUrl: null, answer: "90" },
  ],
}

const TASK_ID = "70000001342"
const inRequest = (fields: string) =>
  `POST ${ORIGIN}/in.php\nContent-Type: application/x-www-form-urlencoded\n\nkey=YOUR_API_KEY&${fields}&json=1`
const resRequest = `GET ${ORIGIN}/res.php?key=YOUR_API_KEY&action=get&id=${TASK_ID}&json=1`
const notReady = '{"status":0,"request":"CAPCHA_NOT_READY","error_text":"The task is not solved yet"}'

/**
 * The test API of one story: the submission (kept for the play function to check) and the task's progress,
 * which steps from queued to working to solved on the 1st, 2nd and 3rd check.
 */
function testApi(outcome: "solved" | "refused") {
  const sent: Record<string, string>[] = []
  let checks = 0
  const api: StoryApi = {
    [on(customerApi.test)]: (body: unknown): TestSubmission => {
      const { fields } = body as { fields: Record<string, string> }
      sent.push(fields)
      const shown = `method=base64&body=<${fields.body?.length ?? 0} bytes of base64>${fields.regsense ? "&regsense=1" : ""}`
      return outcome === "refused"
        ? {
            taskId: null,
            exchange: {
              request: inRequest(shown),
              response:
                '{"status":0,"request":"ERROR_ZERO_BALANCE","error_text":"Your balance is too low for this task"}',
            },
          }
        : {
            taskId: TASK_ID,
            exchange: { request: inRequest(shown), response: `{"status":1,"request":"${TASK_ID}"}` },
          }
    },
    [on(customerApi.testTask, { id: TASK_ID })]: (): TestTaskProgress => {
      checks += 1
      const stage = checks === 1 ? "queued" : checks === 2 ? "working" : "solved"
      const solved = stage === "solved"
      return {
        id: TASK_ID,
        stage,
        answer: solved ? "Hd3Ry" : null,
        errorCode: null,
        cost: solved ? 500 : 0,
        currency: "USD",
        solveSeconds: solved ? 6.2 : null,
        report: null,
        refunded: false,
        // Inside the report window for as long as the stories run.
        reportableUntil: solved ? "2999-05-20T09:55:51Z" : null,
        exchange: { request: resRequest, response: solved ? '{"status":1,"request":"Hd3Ry"}' : notReady },
      }
    },
  }
  return { api, sent }
}

/** The test page with its own stand-in API (made once per story, so the checks count from 1). */
function TestPage({
  outcome,
  onSent,
}: {
  outcome: "solved" | "refused"
  onSent?: (sent: unknown[]) => void
}) {
  const [{ api, sent }] = useState(() => testApi(outcome))
  onSent?.(sent)
  return (
    <Shell services={{ user: storyUser }} api={api}>
      <TestCaptchaScreen captchaSamples={samples} />
    </Shell>
  )
}

/** What the last test page sent, for the play functions. */
let lastSent: unknown[] = []
const keepSent = (sent: unknown[]) => {
  lastSent = sent
}

/* ───────────────────────────── /enterpage ───────────────────────────── */

/** /enterpage: balance and spending, the 10 newest tasks in every state, the key, code, load and prices. */
export const Dashboard: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <DashboardScreen dashboard={dashboard} origin={ORIGIN} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Dashboard")
    await expect(canvas.getByText("$18.64")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Top up balance" })).toHaveAttribute("href", "/addbalance")
    const today = canvas.getByRole("group", { name: "Tasks today" })
    await expect(today).toHaveTextContent("184")
    await expect(today).toHaveTextContent("Solved: 176")

    const table = canvas.getByRole("table", { name: "Your latest tasks" })
    await expect(within(table).getAllByRole("row")).toHaveLength(11)
    await expect(within(table).getByText("reCAPTCHA v2")).toBeVisible()
    await expect(within(table).getByText("ERROR_CAPTCHA_UNSOLVABLE")).toBeVisible()
    await expect(within(table).getByText("Refunded")).toBeVisible()
    // A long token is cut; the whole of it opens beside, with a copy button.
    await userEvent.click(within(table).getByRole("button", { name: /Show all.*70000001290/ }))
    const popover = await screen.findByRole("dialog", { name: "Answer of task 70000001290" })
    await expect(popover).toHaveTextContent(recaptchaToken)
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())

    await expect(canvas.getByText(/ends in …7f3a/)).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Replace the key" })).toHaveAttribute(
      "href",
      "/profile/authentication#api-key-title",
    )
    const keyCard = canvas.getByRole("region", { name: "API key" })
    await expect(keyCard).toHaveTextContent(
      `curl "${ORIGIN}/res.php?key=YOUR_API_KEY&action=getbalance&json=1"`,
    )

    const languages = canvas.getByRole("tablist", { name: "Programming language" })
    await expect(
      within(languages)
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["PHP", "Python", "C#", "Java", "Go", "Ruby", "JavaScript"])
    await userEvent.click(within(languages).getByRole("tab", { name: "Python" }))
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent(`BASE = "${ORIGIN}"`)
    await userEvent.click(within(languages).getByRole("tab", { name: "PHP" }))
    ;(document.activeElement as HTMLElement | null)?.blur()

    const load = canvas.getByRole("region", { name: "Service load" })
    await expect(load).toHaveTextContent("212")
    const priceList = canvas.getByRole("region", { name: "Current prices" })
    // The first 8 image types; token types are left out.
    await expect(within(priceList).getAllByRole("term")).toHaveLength(8)
    await expect(priceList).not.toHaveTextContent("reCAPTCHA")
    await expect(within(priceList).getByRole("link", { name: "All prices" })).toHaveAttribute(
      "href",
      "/pricing",
    )
    atTop()
  },
}

/** While the data loads: skeletons in the figures, the table and the cards. */
export const DashboardLoading: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <DashboardScreen origin={ORIGIN} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("group", { name: "Balance" })).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Spent today" })).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getByRole("heading", { name: "Latest tasks" })).toBeVisible()
    await expect(canvas.queryByRole("heading", { name: /first captcha/ })).toBeNull()
  },
}

/** No task yet: the first steps instead of the table, no key, an empty balance. */
export const DashboardFirstSteps: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <DashboardScreen dashboard={newcomer} origin={ORIGIN} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: /first captcha/ })).toBeVisible()
    await expect(canvas.queryByRole("table")).toBeNull()
    const steps = canvas.getByRole("region", { name: /first captcha/ })
    await expect(within(steps).getByRole("link", { name: "Test a captcha" })).toHaveAttribute(
      "href",
      "/testcaptcha",
    )
    await expect(canvas.getByText("You have no API key yet")).toBeVisible()
    await expect(canvas.getByText("ERROR_ZERO_BALANCE")).toBeVisible()
    await expect(canvas.getByText("No image captcha solved in the last hour")).toBeVisible()
  },
}

/** On a phone the figures and the steps stack, and the cards follow one another. */
export const DashboardFirstStepsMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell services={{ user: storyUser }}>
      <DashboardScreen dashboard={newcomer} origin={ORIGIN} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Top up balance" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: /first captcha/ })).toBeVisible()
  },
}

/* ───────────────────────────── /testcaptcha ───────────────────────────── */

/** /testcaptcha before anything is chosen: the three types, the samples, the upload and the options. */
export const TestCaptcha: Story = {
  render: () => <TestPage outcome="solved" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Test a captcha")
    const types = canvas.getByRole("radiogroup", { name: "Captcha type" })
    await expect(
      within(types)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["ImageToTextTask", "TextCaptchaTask", "GridTask"])
    await expect(within(types).getByRole("radio", { name: /Normal image captcha/ })).toBeChecked()
    // The samples of the types this page sends, and no other.
    await expect(canvas.getAllByRole("button", { name: /Sample \d/ })).toHaveLength(5)
    await expect(canvas.getByLabelText(/^Your own picture/)).toHaveAttribute("type", "file")
    await expect(canvas.getByRole("checkbox", { name: /Case sensitive/ })).not.toBeChecked()
    // A question needs no picture: its own field replaces the upload and the options.
    await userEvent.click(within(types).getByRole("radio", { name: /Text question/ }))
    await expect(canvas.getByRole("textbox", { name: /Question for the worker/ })).toBeVisible()
    await expect(canvas.queryByLabelText(/^Your own picture/)).toBeNull()
    await userEvent.click(within(types).getByRole("radio", { name: /Normal image captcha/ }))
    // Nothing chosen yet: the error says what is missing, next to the upload.
    await userEvent.click(canvas.getByRole("button", { name: "Send the test captcha" }))
    await expect(await canvas.findByText("Upload a picture or pick a sample.")).toBeVisible()
    atTop()
  },
}

/**
 * A sample sent and followed to its answer: the check answers "queued", then "working", then "solved"; the log
 * shows the submission and each different answer.
 */
export const TestCaptchaSolved: Story = {
  render: () => <TestPage outcome="solved" onSent={keepSent} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: /^Sample 2/ }))
    await expect(canvas.getByRole("button", { name: /^Sample 2/ })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByRole("checkbox", { name: /Case sensitive/ })).toBeChecked()
    await expect(canvas.getByRole("img", { name: "The picture that will be sent" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Send the test captcha" }))

    // The live region follows the task.
    await expect(await canvas.findByText(`Task ${TASK_ID}: Waiting for a worker`)).toBeInTheDocument()
    await waitFor(() => expect(canvas.getByText(`Task ${TASK_ID}: Solved`)).toBeInTheDocument(), {
      timeout: 8000,
    })
    const [fields] = lastSent as Record<string, string>[]
    const picture = samples.samples[1]!.imageUrl!
    await expect(fields).toEqual({
      method: "base64",
      body: picture.slice(picture.indexOf(",") + 1),
      regsense: "1",
    })

    const result = canvas.getByRole("region", { name: "Result" })
    await expect(result).toHaveTextContent("Matches")
    await expect(result).toHaveTextContent("$0.0005")
    const log = within(result).getByText((_, element) => element?.tagName === "PRE")
    await expect(log).toHaveTextContent(`< {"status":1,"request":"${TASK_ID}"}`)
    await expect(log).toHaveTextContent('< {"status":1,"request":"Hd3Ry"}')
    // "queued" and "working" gave the same answer: it is logged once.
    await expect(log.textContent?.match(/CAPCHA_NOT_READY/g)).toHaveLength(1)
    await expect(within(result).getByRole("button", { name: "Send another" })).toBeVisible()
    // Inside the report window: the answer can be reported as wrong or confirmed.
    await expect(
      within(result).getByRole("button", { name: `Report as wrong (task ${TASK_ID})` }),
    ).toBeVisible()
    await expect(
      within(result).getByRole("button", { name: `Confirm correct (task ${TASK_ID})` }),
    ).toBeVisible()
    atTop()
  },
}

/** in.php refused the task: its code in the log, and what it means. */
export const TestCaptchaRefused: Story = {
  render: () => <TestPage outcome="refused" />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: /^Sample 1/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Send the test captcha" }))
    const result = await canvas.findByRole("region", { name: "Result" })
    await expect(within(result).getByText("The API refused the task: ERROR_ZERO_BALANCE")).toBeVisible()
    await expect(result).toHaveTextContent("Your balance is too low for this task.")
    await expect(within(result).getByRole("link", { name: "Top up balance" })).toHaveAttribute(
      "href",
      "/addbalance",
    )
    await expect(result).toHaveTextContent('< {"status":0,"request":"ERROR_ZERO_BALANCE"')
    await expect(
      canvas.getByText("The API refused the task: ERROR_ZERO_BALANCE", { selector: "[role=status]" }),
    ).toBeInTheDocument()
    // Another try without reloading: the result goes, the form stays.
    await userEvent.click(within(result).getByRole("button", { name: "Send another" }))
    await expect(canvas.queryByRole("region", { name: "Result" })).toBeNull()
    await expect(canvas.getByRole("heading", { name: "What to send" })).toHaveFocus()
    await userEvent.click(canvas.getByRole("button", { name: /^Sample 1/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Send the test captcha" }))
    await expect(await canvas.findByRole("region", { name: "Result" })).toBeVisible()
    atTop()
  },
}
