import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  moderationApi,
  type GoldTypeSummary,
  type ModerationGoldTask,
  type ModerationOverview,
  type WorkerDetail,
  type WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import type { Page } from "@manyhands/contract"
import type { ShellUser } from "@manyhands/pages"
// The moderation console's screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/ops-moderation/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: ModerationHomeScreen },
  { default: WorkersScreen },
  { default: WorkerScreen },
  { default: GoldTasksScreen },
] = await Promise.all([
  screens.ModerationHome(),
  screens.ModerationWorkers(),
  screens.ModerationWorker(),
  screens.ModerationGoldTasks(),
])

const meta = {
  title: "Screens/Moderation",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const moderator: ShellUser = {
  ...storyUser,
  id: "7",
  email: "moderator@example.com",
  permissions: { moderator: true },
}

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})
/** Ends a story on a clicked button without its focus ring in the screenshot. */
const blur = () => (document.activeElement as HTMLElement | null)?.blur()

/* ───────────────────────────── data ───────────────────────────── */

const overview: ModerationOverview = {
  suspendedWorkers: 3,
  suspendedStandings: 4,
  trainingWorkers: 12,
  lowAccuracy: 2,
  pendingReviews: 5,
  pendingPrograms: 2,
  openTickets: 9,
  manualDomains: 14,
  goldTasks: 31,
  trainingTasks: 58,
}

const counts = (answered: number, goldCorrect: number, goldWrong: number, reportedBad: number) => ({
  answered,
  goldCorrect,
  goldWrong,
  reportedBad,
})

const standing = (fields: Partial<WorkerTypeStanding>): WorkerTypeStanding => ({
  workerId: "1187",
  email: "mei.tanaka@example.jp",
  displayName: "Mei",
  type: "ImageToTextTask",
  status: "active",
  rating: 112,
  current: counts(420, 38, 4, 3),
  lifetime: counts(1310, 121, 12, 9),
  goldAccuracy: 38 / 42,
  reportShare: 3 / 420,
  lowAccuracy: false,
  suspension: null,
  note: null,
  reinstatedAt: null,
  updatedAt: "2026-11-28T10:12:00Z",
  ...fields,
})

const suspendedGrid = standing({
  type: "GridTask",
  status: "suspended",
  rating: 61,
  current: counts(140, 3, 7, 2),
  goldAccuracy: 0.3,
  reportShare: 2 / 140,
  lowAccuracy: true,
  suspension: {
    cause: "goldAccuracy",
    reason: "Accuracy on check tasks is 30 %, below the 70 % needed.",
    percent: 30,
    limit: 70,
    at: "2026-11-29T08:40:00Z",
  },
})

const workersPage: Page<WorkerTypeStanding> = {
  items: [
    suspendedGrid,
    standing({
      workerId: "2051",
      email: "carlos.mendes@example.com.br",
      displayName: null,
      type: "ImageToTextTask",
      status: "suspended",
      rating: 80,
      current: counts(55, 9, 1, 0),
      goldAccuracy: 0.9,
      reportShare: 0,
      suspension: {
        cause: "moderator",
        reason: "Answers copied from an automatic solver.",
        percent: null,
        limit: null,
        at: "2026-11-30T09:00:00Z",
      },
    }),
    standing({
      workerId: "3302",
      email: "olena.k@example.ua",
      type: "CoordinatesTask",
      rating: 95,
      current: counts(80, 6, 4, 1),
      goldAccuracy: 0.6,
      reportShare: 1 / 80,
      lowAccuracy: true,
    }),
    standing({}),
    standing({
      workerId: "4410",
      email: "new.worker@example.com",
      type: "TextCaptchaTask",
      status: "training",
      rating: 100,
      current: counts(0, 0, 0, 0),
      lifetime: counts(0, 0, 0, 0),
      goldAccuracy: null,
      reportShare: null,
    }),
  ],
  total: 5,
  page: 1,
  pageSize: 20,
}

const WORKERS = moderationApi.workers.url()

const detail: WorkerDetail = {
  id: "1187",
  email: "mei.tanaka@example.jp",
  displayName: "Mei",
  createdAt: "2025-03-02T12:00:00Z",
  types: [
    suspendedGrid,
    standing({}),
    standing({
      type: "TextCaptchaTask",
      status: "training",
      note: "Several wrong answers to questions in November.",
      current: counts(0, 0, 0, 0),
      goldAccuracy: null,
      reportShare: null,
    }),
  ],
  history: [
    {
      id: "91",
      at: "2026-11-20T15:30:00Z",
      action: "worker_skill.retrain",
      actorEmail: "moderator@example.com",
      actorRole: "moderator",
      type: "TextCaptchaTask",
      reason: "Several wrong answers to questions in November.",
    },
  ],
}

const WORKER = moderationApi.worker.url({ id: "1187" })
const REINSTATE = on(moderationApi.reinstate, { id: "1187", type: "GridTask" })

const PNG_PIXEL =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAADwAAAAUCAAAAAD0aAH1AAAD5UlEQVR4nAXB1YKqUAAAQD5nxQYRDIyrssYa304daaRbSgSe7gyELwZbagx4JvxYnF6UvokOCKxDmKpsW60PajfIcRSnZv2PTVuVnatRXFu7PTJdEBDchw+PWVGmrqTykdq2yQxd7a7L9qM6T043v81LINH5oQN7wHIYx3KkqOHn98l+PoKIzQ0h/2iffcu+b1XPRNthw263K9dSzZbZ9+Wwwmn+b0JNXkmUsXqUvGItm8AwQeDQCZv+I8YO51RCFbJZAGLsDyHnlBMVmumGGW+2Kry9j2ZduX1XaRhotCbTd2K43UyhS3eC3MhPWiQMYGsh+xi3Ebzun2jb40H5DjQ70H+3g97w7udxlPCt2tppPLwgawSFJCdzjZKWaVsoh7836tQrXpHl6UpLc41zPvwtjvumSULJqH1XjMFtfEfna7XyGsBDoeL6jmIzNVOA1QBBr78VLyip3thh/cqmi/V0eW6LJMxDx0qiL02g58Pl7odBw0hQzr9br7aBkeotdeuN8Z4tcnL4bT6lwRQ4MsDgJRBMzmpaRYpEcFn/XMbHSNLsNIf4QJaNPCzt0JU33V1n1rElIAs1resfOj2j+w2JFl/1mTaeHdVsixHX64JqXfBynhBbO0XqAYXNivKGw5MeWYu2kOc0rzdm04F/qDHmvzw7aOuQVaKsdzwuLnMtdhSNgdLYdKP23/KOEbMcMKFRW2LjAPnexwjsV3Dpd6XJ4FU8heX87zruKYyiGezXad3ah2RZ4zi5S/wOJqMwrcusdPw4ZFl0vJrOcb9SGy/wS0FXPfSMdTpD1XLKjLVDWQwa6O15dCLuO/+wIWnVHw6kcsEpzetG3jqdTax/xYYVldrS4+X5sUZWZeUZtVuypeRXkJqlAt/eJsj4Mqq50gNcLZWK0XTn1AyjrIITrYilvaL2e5NdfwdbqqqoANC0VRRQEfOgaEnkMTleOI4XY/FZOLlrjq7X4fXO17TMmmVsfz3ptD4f8Hsip9+S+X4q1fhCf7c9iSxkx3a0Mm0s05eXgyn5mCjJ02YLmqU/io6vtxv8kcRWDlz2qXARvUV28GUKrcnjavTj+c+g0jKvij9gi/T3m5PGAOspiu/Ei5ztYjsgNzmfxb5eNXJsCeQZPj1w6I5S09MqTqJSyOjYS011TK7HxLlKazELUq/J2Zi43tEzyrwrW2Rp3ZUcZ/83nXV7ELwfPvBpWvJlIysqrebq9OdILVdGFVai2wqNYTy7ZHfTw15cFvh8C6QkzjcDZAwj0ONwPlF7v4pfrWFWtBlW5HyIHCdyUIpKo374krc7/eNhcKJNQ1UF4xuahfkz2K5vyH/m3x5yk8pWXQAAAABJRU5ErkJggg=="

const goldTask = (fields: Partial<ModerationGoldTask>): ModerationGoldTask => ({
  id: "501",
  type: "ImageToTextTask",
  training: false,
  enabled: true,
  answers: [{ text: "u6pk3" }],
  createdAt: "2026-11-01T10:00:00Z",
  given: 240,
  correct: 221,
  accuracy: 221 / 240,
  comment: null,
  picture: PNG_PIXEL,
  ...fields,
})

const goldTypes: GoldTypeSummary[] = [
  { type: "GridTask", gold: 4, training: 8, disabled: 1, given: 900, correct: 801 },
  { type: "ImageToTextTask", gold: 3, training: 8, disabled: 0, given: 1450, correct: 1302 },
  { type: "TextCaptchaTask", gold: 0, training: 8, disabled: 0, given: 310, correct: 297 },
]

const goldPage: Page<ModerationGoldTask> & { types: GoldTypeSummary[] } = {
  items: [
    goldTask({}),
    goldTask({
      id: "498",
      type: "GridTask",
      training: true,
      answers: [{ click: [1, 4, 7] }],
      comment: "Select all images with a circle",
      given: 75,
      correct: 60,
      accuracy: 0.8,
    }),
    goldTask({
      id: "471",
      type: "TextCaptchaTask",
      training: true,
      enabled: false,
      picture: null,
      answers: [{ text: "7" }, { text: "seven" }],
      comment: "What is 3 + 4?",
      given: 0,
      correct: 0,
      accuracy: null,
    }),
  ],
  total: 3,
  page: 1,
  pageSize: 20,
  types: goldTypes,
}

const GOLD = moderationApi.goldTasks.url()
const CREATE_GOLD = on(moderationApi.createGoldTask)

/* ───────────────────────────── home ───────────────────────────── */

const home = (data: ModerationOverview | undefined) => () => (
  <Shell services={{ user: moderator }}>
    <ModerationHomeScreen moderationOverview={data} />
  </Shell>
)

/** The figures that want a moderator and the way to every place moderators work. */
export const Home: Story = {
  render: home(overview),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Moderation" })).toBeVisible()
    await expect(canvas.getByText("Suspended workers")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Workers' standing" })).toHaveAttribute(
      "href",
      "/moderation/workers",
    )
    await expect(canvas.getByText("Suspensions: 4. In training: 12. Below the bar: 2.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Manual domains" })).toHaveAttribute(
      "href",
      "/editor/manual-domains",
    )
    await expect(canvas.getByRole("link", { name: "Software catalogue" })).toHaveAttribute(
      "href",
      "/software/moderation",
    )
    await expect(canvas.getByRole("link", { name: "Support tickets" })).toHaveAttribute(
      "href",
      "/support/tickets",
    )
    await expect(canvas.getByRole("link", { name: "Content editors" })).toHaveAttribute(
      "href",
      "/editor/blog",
    )
    await expect(canvas.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page")
  },
}

/** Before the figures arrive: placeholders, and the links already there. */
export const HomeLoading: Story = {
  render: home(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Gold tasks and training sets per task type.")).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Where to work" })).toBeVisible()
  },
}

/** A server without domain rules: that figure is a dash, its card still leads to the editor. */
export const HomeWithoutDomainRules: Story = {
  render: home({ ...overview, manualDomains: null, openTickets: 0 }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Rules for the sites tasks come from.")).toBeVisible()
    await expect(canvas.getByText("Waiting for staff: 0.")).toBeVisible()
  },
}

/* ───────────────────────────── workers ───────────────────────────── */

const workersStory =
  (data: Page<WorkerTypeStanding> | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: moderator }} api={{ [`GET ${WORKERS}`]: data ?? pending, ...api }}>
      <WorkersScreen moderationWorkers={data} />
    </Shell>
  )

const lowAsked = fn(() => ({
  ...workersPage,
  items: workersPage.items.filter((row) => row.lowAccuracy),
  total: 2,
}))

/** Suspended first, with why; those below the bar marked; each worker a link to their page. */
export const Workers: Story = {
  render: workersStory(workersPage),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole("table", { name: "Workers' standing per task type" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(6)
    await expect(rows[1]).toHaveTextContent("Check tasks: 30 % right, 70 % needed")
    await expect(rows[2]).toHaveTextContent("Answers copied from an automatic solver.")
    await expect(within(table).getAllByRole("link", { name: "mei.tanaka@example.jp" })[0]).toHaveAttribute(
      "href",
      "/moderation/workers/1187",
    )
    await expect(canvas.getByText("1–5 of 5")).toBeVisible()
  },
}

/** Below the bar only: the list is asked for again with the filter. */
export const WorkersLowAccuracy: Story = {
  render: workersStory(workersPage, { [`GET ${WORKERS}?lowAccuracy=true`]: lowAsked }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("checkbox", { name: "Below the bar only" }))
    await waitFor(() => expect(lowAsked).toHaveBeenCalled())
    await expect(await canvas.findByText("1–2 of 2")).toBeVisible()
    blur()
  },
}

export const WorkersEmpty: Story = {
  render: workersStory({ items: [], total: 0, page: 1, pageSize: 20 }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No worker matches")).toBeVisible()
  },
}

export const WorkersLoading: Story = {
  render: workersStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Workers' standing" })).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "mei.tanaka@example.jp" })).toBeNull()
  },
}

export const WorkersFailed: Story = {
  render: () => (
    <Shell
      services={{ user: moderator }}
      api={{
        [`GET ${WORKERS}`]: () => {
          throw refusal("Only administrators and moderators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <WorkersScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("The list could not be loaded")).toBeVisible()
    await expect(canvas.getByText("Only administrators and moderators can do this.")).toBeVisible()
  },
}

/* ───────────────────────────── one worker ───────────────────────────── */

const workerStory =
  (data: WorkerDetail | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: moderator }} api={{ [`GET ${WORKER}`]: data ?? pending, ...api }}>
      <WorkerScreen moderationWorker={data} />
    </Shell>
  )

const reinstated = fn((body: unknown) => {
  void body
  return { ...suspendedGrid, status: "active", suspension: null, reinstatedAt: "2026-11-30T12:00:00Z" }
})

/** Every type with its figures, the decisions each allows, and the history of decisions. */
export const Worker: Story = {
  render: workerStory(detail),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "mei.tanaka@example.jp" }),
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Lift suspension: GridTask" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Suspend: ImageToTextTask" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Back to training: ImageToTextTask" })).toBeVisible()
    await expect(canvas.getByText("Sent back to training (TextCaptchaTask)")).toBeVisible()
  },
}

/** Lifting a suspension: the reason is required; the row turns active and the page says so. */
export const WorkerReinstate: Story = {
  render: workerStory(detail, {
    [REINSTATE]: reinstated,
    // Asked again after the change: the server's answer has the suspension lifted.
    [`GET ${WORKER}`]: () =>
      reinstated.mock.calls.length === 0
        ? detail
        : { ...detail, types: detail.types.map((row) => (row.type === "GridTask" ? reinstated({}) : row)) },
  }),
  play: async ({ canvas, step }) => {
    const opener = await canvas.findByRole("button", { name: "Lift suspension: GridTask" })
    await step("the focus starts on Cancel; Escape cancels, back to the button", async () => {
      await userEvent.click(opener)
      const asked = within(await screen.findByRole("alertdialog", { name: "Lift the suspension" }))
      await waitFor(() => expect(asked.getByRole("button", { name: "Cancel" })).toHaveFocus())
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(opener).toHaveFocus())
      await expect(reinstated).not.toHaveBeenCalled()
    })
    await userEvent.click(opener)
    const dialog = within(await screen.findByRole("alertdialog", { name: "Lift the suspension" }))
    await step("the reason is required", async () => {
      await userEvent.click(dialog.getByRole("button", { name: "Lift suspension" }))
      await expect(await dialog.findByText("Write the reason.")).toBeVisible()
      await expect(reinstated).not.toHaveBeenCalled()
    })
    await userEvent.type(dialog.getByRole("textbox", { name: /Why it is lifted/ }), "Appeal accepted")
    await userEvent.click(dialog.getByRole("button", { name: "Lift suspension" }))
    await waitFor(() => expect(reinstated).toHaveBeenCalledWith({ reason: "Appeal accepted" }))
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    await expect(
      await canvas.findByText("Suspension lifted: mei.tanaka@example.jp can take GridTask tasks again."),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Lift suspension: GridTask" })).toBeNull()
    blur()
  },
}

/** The suspension dialog as it looks, with what the worker will read. */
export const WorkerSuspendDialog: Story = {
  render: workerStory(detail),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Suspend: ImageToTextTask" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Suspend from a task type" })
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus())
    await expect(
      within(dialog).getByText("The worker reads it in their cabinet; it is also kept in the audit log."),
    ).toBeVisible()
  },
}

export const WorkerLoading: Story = {
  render: workerStory(undefined, { [`GET ${moderationApi.worker.url({ id: "0" })}`]: pending }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Loading…")).toBeInTheDocument()
  },
}

export const WorkerNotFound: Story = {
  render: () => (
    <Shell
      services={{ user: moderator }}
      api={{
        [`GET ${moderationApi.worker.url({ id: "0" })}`]: () => {
          throw refusal("No worker has this id.", "WORKER_NOT_FOUND", 404)
        },
      }}
    >
      <WorkerScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This worker could not be loaded")).toBeVisible()
    await expect(canvas.getByText("No worker has this id.")).toBeVisible()
  },
}

/* ───────────────────────────── check tasks ───────────────────────────── */

const goldStory =
  (data: typeof goldPage | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: moderator }} api={{ [`GET ${GOLD}`]: data ?? pending, ...api }}>
      <GoldTasksScreen moderationGoldTasks={data} />
    </Shell>
  )

const disabled = fn((body: unknown) => ({ ...goldPage.items[0]!, ...(body as object) }))
const created = fn((body: unknown) => {
  void body
  return goldTask({ id: "502", given: 0, correct: 0, accuracy: null })
})

/** Per type, then every check task with its picture, answers and how often it was answered right. */
export const GoldTasks: Story = {
  render: goldStory(goldPage),
  play: async ({ canvas }) => {
    const summary = await canvas.findByRole("table", { name: "By task type" })
    await expect(within(summary).getAllByRole("row")).toHaveLength(4)
    await expect(canvas.getByRole("img", { name: "Picture of check task 501" })).toBeVisible()
    await expect(canvas.getByText('{"click":[1,4,7]}')).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Turn on: task 471" })).toBeVisible()
  },
}

/** Turning a task off: the change is sent, the page says so. */
export const GoldTaskDisable: Story = {
  render: goldStory(goldPage, { [on(moderationApi.updateGoldTask, { id: "501" })]: disabled }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Turn off: task 501" }))
    await waitFor(() => expect(disabled).toHaveBeenCalledWith({ enabled: false }))
    await expect(await canvas.findByText("Task 501 is off.")).toBeVisible()
    blur()
  },
}

/** A new check task: answers one a line; the server's refusal is shown in the form. */
export const GoldTaskCreate: Story = {
  render: goldStory(goldPage, {
    [CREATE_GOLD]: (body: unknown) => {
      const { task } = body as { task: Record<string, unknown> }
      if (!task.comment) throw refusal("comment: required for TextCaptchaTask", "GOLD_TASK_INVALID", 400)
      return created(body)
    },
  }),
  play: async ({ canvas, step }) => {
    await expect(await canvas.findByRole("heading", { name: "Add a check task" })).toBeVisible()
    await step("the answers are required", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Add check task" }))
      await expect(await canvas.findByText("Write one to 10 accepted answers.")).toBeVisible()
    })
    await step("refused by the server", async () => {
      await userEvent.type(canvas.getByRole("textbox", { name: /Accepted answers/ }), "k4pz")
      await userEvent.click(canvas.getByRole("button", { name: "Add check task" }))
      await expect(await canvas.findByText("comment: required for TextCaptchaTask")).toBeVisible()
    })
    await userEvent.type(canvas.getByRole("textbox", { name: /Instruction or question/ }), "Type the letters")
    await userEvent.click(canvas.getByRole("checkbox", { name: /Training task/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Add check task" }))
    await waitFor(() =>
      expect(created).toHaveBeenCalledWith({
        task: { type: "ImageToTextTask", comment: "Type the letters" },
        answers: [{ text: "k4pz" }],
        training: true,
      }),
    )
    await expect(await canvas.findByText("Task 502 (ImageToTextTask) added.")).toBeVisible()
    blur()
  },
}

export const GoldTasksEmpty: Story = {
  render: goldStory({ items: [], total: 0, page: 1, pageSize: 20, types: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No check tasks yet")).toBeVisible()
    await expect(canvas.getByText("No check task matches")).toBeVisible()
  },
}

export const GoldTasksLoading: Story = {
  render: goldStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "Add a check task" })).toBeVisible()
  },
}
