import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { captchaDemoApi, type DemoChallenge, type DemoToken } from "@manyhands/contract/captcha-demo"
import type { Offer, TrainingData, WorkerStats } from "@manyhands/contract/worker"
import { screens } from "@manyhands/pages/worker/screens"
import {
  NOW,
  newcomerStats,
  newcomerTraining,
  offers,
  offline,
  pending,
  stats,
  statsWithStanding,
  trainingWithStanding,
  workerApi,
  workerUser,
} from "./cabinet-fixtures"
import demoFixtures from "./demos-fixtures.json"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, type StoryApi } from "./story-shell"

const { default: CabinetScreen } = await screens.WorkerCabinet()

const meta = {
  title: "Screens/Worker/Cabinet",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
  // The lease countdowns stand still at the stories' clock; no answer is left over from another story.
  beforeEach: () => {
    // Replaced by hand: a Storybook spy would be recorded, and the recording asks the clock again.
    const realNow = Date.now
    Date.now = () => NOW
    sessionStorage.removeItem("manyhands:cabinet:kept-answers")
    return () => {
      Date.now = realNow
    }
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>
type Canvas = ReturnType<typeof within>

const allActive = stats
const withStanding = statsWithStanding

function Cabinet({
  api,
  workerStats = allActive,
  training,
}: {
  api: StoryApi
  workerStats?: WorkerStats | null
  training?: TrainingData
}) {
  return (
    <Shell services={{ user: workerUser }} api={api}>
      <CabinetScreen workerStats={workerStats ?? undefined} training={training} />
    </Shell>
  )
}

/** Presses Start solving and waits for the first task. */
async function start(canvas: Canvas) {
  await userEvent.click(canvas.getByRole("button", { name: "Start solving" }))
  return canvas.findByTestId("task-panel")
}

const answerInput = (canvas: Canvas) => canvas.getByLabelText("Answer") as HTMLInputElement

/** A point of the task's picture (in its own pixels) on the screen. */
function screenPoint(canvas: Canvas, x: number, y: number, width: number, height: number) {
  const image = canvas.getByRole("img", { name: "Captcha picture" }).getBoundingClientRect()
  return { clientX: image.left + (x * image.width) / width, clientY: image.top + (y * image.height) / height }
}

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/* ───────────────────────────── before solving ───────────────────────────── */

/**
 * Not started: Start solving, and every type of the cabinet in each state the worker can be in: open ("You
 * solve"), in training with the progress, suspended with the reason and how to get it back by retraining.
 */
export const Idle: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [] })} workerStats={withStanding} training={trainingWithStanding} />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Solve captchas")
    const start = canvas.getByRole("button", { name: "Start solving" })
    await expect(start).toBeVisible()
    // Beside the title, before the area's navigation: the first stop after the skip link.
    const nav = canvas.getByRole("navigation", { name: "Worker cabinet" })
    await expect(start.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    await expect(canvas.getByText("Not solving")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Go to training" })).toHaveAttribute(
      "href",
      "/cabinet/training",
    )
    await expect(
      canvas.getByText(/Your accuracy on check tasks fell to 62%; at least 70% is needed./),
    ).toBeVisible()
    await expect(
      canvas.getByText(
        /To get a type back, retrain: answer 4 of your last 5 training tasks of that type right/,
      ),
    ).toBeVisible()
    await expect(canvas.getByText("$0.5124")).toBeVisible()
    const types = canvas.getByRole("region", { name: "Your task types" })
    const rows = within(types).getAllByRole("listitem")
    await expect(rows).toHaveLength(8)
    await expect(rows[0]).toHaveTextContent("Normal image captcha")
    await expect(rows[0]).toHaveTextContent("You solve")
    await expect(within(types).getByText("3 of 5 answered, 2 right; 4 right needed")).toBeVisible()
    await expect(within(types).getByText("Not started yet; 4 of 5 right needed")).toBeVisible()
    await expect(
      within(types).getByText("Retraining: 1 of 5 answered, 1 right; 4 right needed"),
    ).toBeVisible()
    await expect(within(types).getByRole("link", { name: "Train: Click on coordinates" })).toHaveAttribute(
      "href",
      "/cabinet/training",
    )
    await expect(within(types).getByRole("link", { name: "Retrain: Bounding box" })).toHaveAttribute(
      "href",
      "/cabinet/training",
    )
    await expect(within(types).getAllByText("You solve")).toHaveLength(5)
    await expect(canvas.queryByTestId("task-panel")).toBeNull()
  },
}

/** A worker who has just signed up: no type is open yet, each one in training, the way to the training. */
export const Newcomer: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [] })} workerStats={newcomerStats} training={newcomerTraining} />
  ),
  play: async ({ canvas }) => {
    const types = canvas.getByRole("region", { name: "Your task types" })
    await expect(
      within(types).getByText("No type is open to you yet: each one opens after a short training."),
    ).toBeVisible()
    await expect(within(types).queryByText("You solve")).toBeNull()
    await expect(within(types).getAllByText("In training")).toHaveLength(8)
    await expect(within(types).getAllByRole("link", { name: /^Train: / })).toHaveLength(8)
  },
}

/** The stats are still loading: their tiles show placeholders; solving can start already. */
export const Loading: Story = {
  render: () => <Cabinet api={workerApi({ queue: [] })} workerStats={null} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Start solving" })).toBeEnabled()
    await expect(canvas.getByRole("group", { name: "Earned today" })).toHaveAttribute("aria-busy", "true")
  },
}

/* ───────────────────────────── the loop ───────────────────────────── */

const outcome = { accepted: true, earned: 1_450, currency: "USD" }

/**
 * Start → a task; type and Enter → the answer and the next claim go out together (the answer is held until the
 * claim has been made), the next task appears and its input has the focus.
 */
export const SolvingLoop: Story = {
  render: () => {
    const queue = [offers.imageToText("80000412771"), offers.imageToText("80000412772")]
    let release: (() => void) | null = null
    const waiting = [...queue]
    const claim = fn(() => {
      const next = waiting.shift()
      // The second claim lets the first answer through: proof they were sent at the same time.
      if (waiting.length === 0 && release) setTimeout(release, 0)
      return next ?? pending()
    })
    const answer = fn(
      (_body: unknown, _id: string) =>
        new Promise((resolve) => {
          release = () => resolve(outcome)
          if (waiting.length === 0) setTimeout(release, 0)
        }),
    )
    return <Cabinet api={workerApi({ queue, claim, answer: (body, id) => answer(body, id) })} />
  },
  play: async ({ canvas, step }) => {
    const panel = await start(canvas)
    await step("the first task's input has the focus", async () => {
      await expect(panel).toHaveAttribute("data-assignment-id", "80000412771")
      await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
      await expect(canvas.getByText("Case sensitive")).toBeVisible()
      await expect(canvas.getByText("Both digits and letters")).toBeVisible()
      await expect(canvas.getByText("Length: 5")).toBeVisible()
      await expect(canvas.getByRole("progressbar", { name: "Time left" })).toHaveAttribute(
        "aria-valuetext",
        "45 sec",
      )
    })
    await step("Enter sends it; the next task comes and takes the focus", async () => {
      await userEvent.keyboard("k7m4x{Enter}")
      await waitFor(() =>
        expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000412772"),
      )
      await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
      await expect(answerInput(canvas)).toHaveValue("")
      await expect(canvas.getByRole("group", { name: "Earned this session" })).toHaveTextContent("$0.00145")
      await expect(canvas.getByRole("group", { name: "Answered this session" })).toHaveTextContent("1")
    })
    atTop()
  },
}

const skipped = fn()

/** Esc skips a task (the skip is sent) and the next one, a text question, takes its place. */
export const TextQuestionAfterSkip: Story = {
  render: () => (
    <Cabinet
      api={workerApi({
        queue: [offers.imageToText("80000412790"), offers.textQuestion()],
        skip: (_body, id) => skipped(id),
      })}
    />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await userEvent.keyboard("{Escape}")
    await waitFor(() =>
      expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000412802"),
    )
    await expect(skipped).toHaveBeenCalledWith("80000412790")
    await expect(canvas.getByText("If tomorrow is Friday, what day was yesterday?")).toBeVisible()
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await expect(canvas.getByText("Latin letters")).toBeVisible()
    await userEvent.keyboard("Wednesday")
    atTop()
  },
}

const gridAnswer = fn((_body: unknown) => outcome)

/** Grid: digits pick and drop tiles; the grid's size and the instructions (words and picture) are shown. */
export const Grid: Story = {
  render: () => <Cabinet api={workerApi({ queue: [offers.grid()], answer: (body) => gridAnswer(body) })} />,
  play: async ({ canvas }) => {
    await start(canvas)
    const tile = (n: number) => canvas.getByRole("button", { name: `Tile ${n}` })
    await waitFor(() => expect(tile(1)).toHaveFocus())
    await expect(canvas.getByText("Grid of 3 × 3")).toBeVisible()
    await expect(canvas.getByText("Pick every tile with a red circle.")).toBeVisible()
    await expect(canvas.getByRole("img", { name: "The customer's instructions as a picture" })).toBeVisible()
    await userEvent.keyboard("249")
    await expect(tile(2)).toHaveAttribute("aria-pressed", "true")
    await expect(tile(4)).toHaveAttribute("aria-pressed", "true")
    await expect(tile(9)).toHaveAttribute("aria-pressed", "true")
    await userEvent.keyboard("4")
    await expect(tile(4)).toHaveAttribute("aria-pressed", "false")
    await userEvent.keyboard("4")
    await expect(canvas.getByText("Picked: 2, 4, 9.")).toBeVisible()
    atTop()
  },
}

/** Grid on a phone: the picture and its tiles fit the width. */
export const GridMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => <Cabinet api={workerApi({ queue: [offers.grid("80000412836")] })} />,
  play: async ({ canvas }) => {
    await start(canvas)
    await userEvent.keyboard("3")
    await expect(canvas.getByRole("button", { name: "Tile 3" })).toHaveAttribute("aria-pressed", "true")
    atTop()
  },
}

/** Grid: sending with no tile says what is missing, next to the tiles, and sends nothing. */
export const GridNothingPicked: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [offers.grid("80000412837")], answer: (body) => gridAnswer(body) })} />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    await waitFor(() => expect(canvas.getByRole("button", { name: "Tile 1" })).toHaveFocus())
    await userEvent.keyboard("{Enter}")
    await expect(await canvas.findByText("Pick at least one tile.")).toBeVisible()
    await expect(gridAnswer).not.toHaveBeenCalled()
    atTop()
  },
}

const pointsAnswer = fn((_body: unknown) => outcome)

/** Coordinates: points placed with the keyboard (arrows, Space) and the pointer, numbered; Backspace undoes. */
export const Coordinates: Story = {
  render: () => (
    <Cabinet
      api={workerApi({
        queue: [offers.coordinates(), offers.coordinates("80000412861")],
        answer: (body) => pointsAnswer(body),
      })}
    />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    const stage = canvas.getByRole("application", { name: "Picture: click to place a point" })
    await waitFor(() => expect(stage).toHaveFocus())
    // The pointer starts in the middle (200, 130): 8 px steps, 40 px with Shift.
    await userEvent.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}{/Shift}")
    await userEvent.keyboard(" ")
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: stage,
      coords: screenPoint(canvas, 205, 160, 400, 260),
    })
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: stage,
      coords: screenPoint(canvas, 40, 220, 400, 260),
    })
    await expect(canvas.getByText(/^Points: 1: 80, 90 · 2: 205, 160 · 3: 40, 220$/)).toBeVisible()
    stage.focus()
    await userEvent.keyboard("{Backspace}")
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: stage,
      coords: screenPoint(canvas, 322, 72, 400, 260),
    })
    await userEvent.keyboard("{Enter}")
    await waitFor(() =>
      expect(pointsAnswer).toHaveBeenCalledWith({
        solution: {
          coordinates: [
            { x: 80, y: 90 },
            { x: 205, y: 160 },
            { x: 322, y: 72 },
          ],
        },
      }),
    )
    // The next task: its picture has the focus, Space places a point in the middle.
    await waitFor(() =>
      expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000412861"),
    )
    await waitFor(() =>
      expect(canvas.getByRole("application", { name: "Picture: click to place a point" })).toHaveFocus(),
    )
    await userEvent.keyboard("{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowUp}{/Shift} ")
    await expect(canvas.getByText("Points: 1: 80, 90")).toBeVisible()
    atTop()
  },
}

const rotateAnswer = fn((_body: unknown) => outcome)

/** Rotate: arrow keys turn the picture by the task's step until it stands upright. */
export const Rotate: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [offers.rotate()], answer: (body) => rotateAnswer(body) })} />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    const dial = canvas.getByRole("slider", { name: "Picture to turn" })
    await waitFor(() => expect(dial).toHaveFocus())
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}{ArrowLeft}")
    await expect(dial).toHaveAttribute("aria-valuenow", "-120")
    await expect(dial).toHaveAttribute("aria-valuetext", "Turned by -120°")
    await expect(canvas.getByText("Each turn: 40°")).toBeVisible()
    atTop()
  },
}

const boxesAnswer = fn((_body: unknown) => outcome)

/** Bounding boxes: one drawn with the keyboard (Space at two corners), one by dragging. */
export const BoundingBox: Story = {
  render: () => (
    <Cabinet
      api={workerApi({
        queue: [offers.boundingBox(), offers.boundingBox("80000412919")],
        answer: (body) => boxesAnswer(body),
      })}
    />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    const stage = canvas.getByRole("application", { name: "Picture: drag to draw a box" })
    await waitFor(() => expect(stage).toHaveFocus())
    // From the middle (240, 150), steps of 10 px (48 with Shift): one corner at (38, 140), the other at (164, 228).
    await userEvent.keyboard(
      "{Shift>}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{/Shift}{ArrowLeft}{ArrowUp} ",
    )
    await userEvent.keyboard("{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}")
    await userEvent.keyboard(
      "{ArrowRight}{ArrowRight}{ArrowRight}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown} ",
    )
    await expect(canvas.getByText("x 38–164, y 140–228")).toBeVisible()
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: stage, coords: screenPoint(canvas, 296, 192, 480, 300) },
      { target: stage, coords: screenPoint(canvas, 360, 240, 480, 300) },
      { target: stage, coords: screenPoint(canvas, 424, 268, 480, 300) },
      { keys: "[/MouseLeft]", target: stage, coords: screenPoint(canvas, 424, 268, 480, 300) },
    ])
    await expect(canvas.getByRole("button", { name: "Box 2" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Delete box 2" })).toBeVisible()
    stage.focus()
    await userEvent.keyboard("{Enter}")
    await waitFor(() => expect(boxesAnswer).toHaveBeenCalled())
    const sent = (boxesAnswer.mock.calls[0] as unknown as [{ solution: { bounding_boxes: unknown[] } }])[0]
    await expect(sent.solution.bounding_boxes).toHaveLength(2)
    await expect(sent.solution.bounding_boxes[0]).toEqual({ xMin: 38, xMax: 164, yMin: 140, yMax: 228 })
    await waitFor(() =>
      expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000412919"),
    )
    await expect(canvas.getByText("No box drawn yet.")).toBeVisible()
    atTop()
  },
}

/** Bounding boxes before sending: two boxes drawn, the second chosen for moving. */
export const BoundingBoxDrawn: Story = {
  render: () => <Cabinet api={workerApi({ queue: [offers.boundingBox("80000412918")] })} />,
  play: async ({ canvas }) => {
    await start(canvas)
    const stage = canvas.getByRole("application", { name: "Picture: drag to draw a box" })
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: stage, coords: screenPoint(canvas, 36, 144, 480, 300) },
      { target: stage, coords: screenPoint(canvas, 166, 224, 480, 300) },
      { keys: "[/MouseLeft]", target: stage, coords: screenPoint(canvas, 166, 224, 480, 300) },
    ])
    await userEvent.pointer([
      { keys: "[MouseLeft>]", target: stage, coords: screenPoint(canvas, 296, 192, 480, 300) },
      { target: stage, coords: screenPoint(canvas, 424, 268, 480, 300) },
      { keys: "[/MouseLeft]", target: stage, coords: screenPoint(canvas, 424, 268, 480, 300) },
    ])
    await userEvent.click(canvas.getByRole("button", { name: "Box 2" }))
    await expect(canvas.getByRole("button", { name: "Box 2" })).toHaveAttribute("aria-pressed", "true")
    atTop()
  },
}

const outlineAnswer = fn((_body: unknown) => outcome)

/** Draw around: points clicked round the cat, closed on the first point; Backspace undoes. */
export const DrawAround: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [offers.drawAround()], answer: (body) => outlineAnswer(body) })} />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    const stage = canvas.getByRole("application", { name: "Picture: click around the object" })
    const around: [number, number][] = [
      [168, 50],
      [200, 80],
      [232, 50],
      [250, 130],
      [285, 200],
      [240, 258],
      [150, 258],
      [115, 200],
      [150, 130],
    ]
    for (const [x, y] of around)
      await userEvent.pointer({
        keys: "[MouseLeft]",
        target: stage,
        coords: screenPoint(canvas, x, y, 400, 300),
      })
    await expect(canvas.getByText("Closed outlines: 0. Points of the open outline: 9.")).toBeVisible()
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: stage,
      coords: screenPoint(canvas, 60, 60, 400, 300),
    })
    stage.focus()
    await userEvent.keyboard("{Backspace}")
    await userEvent.pointer({
      keys: "[MouseLeft]",
      target: stage,
      coords: screenPoint(canvas, 169, 51, 400, 300),
    })
    await expect(canvas.getByText("Closed outlines: 1. Points of the open outline: 0.")).toBeVisible()
    atTop()
  },
}

/** Audio: the recording with Play again, and the transcription in the Answer input. */
export const Audio: Story = {
  render: () => <Cabinet api={workerApi({ queue: [offers.audio()] })} />,
  play: async ({ canvas, canvasElement }) => {
    await start(canvas)
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await expect(canvas.getByRole("button", { name: "Play again" })).toBeVisible()
    await expect(canvas.getByText("Spoken in English")).toBeVisible()
    await userEvent.keyboard("seven four one")
    // The player as it stands still: the recording loaded, stopped at its start.
    const player = canvasElement.querySelector("audio")!
    await waitFor(() => expect(player.duration).toBeGreaterThan(0))
    player.pause()
    player.currentTime = 0
    await waitFor(() => expect(player.seeking).toBe(false))
    atTop()
  },
}

/* ───────────────────────────── waiting, refusals, connection ───────────────────────────── */

/** Started with no task in the queue: the long poll waits; the waiting panel has the focus. */
export const WaitingForATask: Story = {
  render: () => <Cabinet api={workerApi({ queue: [] })} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Start solving" }))
    await expect(await canvas.findByRole("heading", { name: "Waiting for a task" })).toBeVisible()
    await waitFor(() => expect(canvas.getByRole("group", { name: "Waiting for a task" })).toHaveFocus())
    await expect(canvas.getByRole("button", { name: "Stop solving" })).toBeVisible()
  },
}

/** The server refuses the answer (BAD_ANSWER): its words show next to the input; the task stays. */
export const BadAnswer: Story = {
  render: () => (
    <Cabinet
      api={workerApi({
        queue: [offers.imageToText("80000412780"), offers.imageToText("80000412781")],
        answer: () => {
          throw refusal("The answer must mix digits and letters.", "BAD_ANSWER", 400)
        },
      })}
    />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await userEvent.keyboard("kmxqz{Enter}")
    await expect(await canvas.findByText("The answer must mix digits and letters.")).toBeVisible()
    await expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000412780")
    await expect(answerInput(canvas)).toBeInvalid()
    await expect(answerInput(canvas)).toHaveValue("kmxqz")
    await expect(answerInput(canvas)).toHaveFocus()
    atTop()
  },
}

/** The connection drops as the answer goes: the answer is kept (in this tab) and no more tasks are claimed. */
export const ConnectionLost: Story = {
  render: () => {
    let claims = 0
    return (
      <Cabinet
        api={workerApi({
          queue: [offers.imageToText("80000412750")],
          claim: () => (claims++ === 0 ? offers.imageToText("80000412750") : Promise.reject(offline())),
          answer: () => {
            throw offline()
          },
        })}
      />
    )
  },
  play: async ({ canvas }) => {
    await start(canvas)
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await userEvent.keyboard("k7m4x{Enter}")
    await expect(
      await canvas.findByText("Connection lost — your answer will be sent when the connection is back"),
    ).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Connection lost" })).toBeVisible()
    const kept = JSON.parse(sessionStorage.getItem("manyhands:cabinet:kept-answers") ?? "[]") as unknown[]
    await expect(kept).toEqual([
      expect.objectContaining({ assignmentId: "80000412750", solution: { text: "k7m4x" } }),
    ])
    atTop()
  },
}

/** The connection came back after the lease ended: the server says LEASE_EXPIRED, and the worker is told. */
export const LeaseRanOut: Story = {
  render: () => {
    let answers = 0
    let claims = 0
    const queue: Offer[] = [offers.imageToText("80000412760")]
    return (
      <Cabinet
        api={workerApi({
          queue,
          claim: () => (claims++ === 0 ? queue[0] : claims === 2 ? Promise.reject(offline()) : pending()),
          answer: () => {
            if (answers++ === 0) throw offline()
            throw refusal("The time for this task ran out", "LEASE_EXPIRED", 409)
          },
        })}
      />
    )
  },
  play: async ({ canvas }) => {
    await start(canvas)
    await waitFor(() => expect(answerInput(canvas)).toHaveFocus())
    await userEvent.keyboard("k7m4x{Enter}")
    await canvas.findByText("Connection lost — your answer will be sent when the connection is back")
    window.dispatchEvent(new Event("online"))
    await expect(await canvas.findByText("The time for your answer ran out")).toBeVisible()
    await expect(canvas.getByText(/the time for the Normal image captcha task ended/)).toBeVisible()
    await waitFor(() =>
      expect(
        canvas.queryByText("Connection lost — your answer will be sent when the connection is back"),
      ).toBeNull(),
    )
    await expect(sessionStorage.getItem("manyhands:cabinet:kept-answers")).toBeNull()
    atTop()
  },
}

const gaveBack = fn()

/** Stop gives the task on screen back (a skip) and returns to Start, which takes the focus. */
export const Stop: Story = {
  render: () => (
    <Cabinet api={workerApi({ queue: [offers.grid("80000412840")], skip: (_body, id) => gaveBack(id) })} />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    await userEvent.click(canvas.getByRole("button", { name: "Stop solving" }))
    await expect(gaveBack).toHaveBeenCalledWith("80000412840")
    await waitFor(() => expect(canvas.getByRole("button", { name: "Start solving" })).toHaveFocus())
    await expect(canvas.queryByTestId("task-panel")).toBeNull()
  },
}

const demoFixture = demoFixtures as Record<string, unknown>
const demoChallenge = demoFixture["recaptcha-v2:challenge"] as DemoChallenge
const demoCells = (demoFixture["recaptcha-v2:answer"] as { cells: number[] }).cells
const demoToken = demoFixture["recaptcha-v2:token"] as DemoToken
const demoTokenAnswer = fn((_body: unknown) => outcome)
const demoOffer: Offer = {
  assignmentId: "80000412900",
  type: "RecaptchaV2Task",
  kind: "token",
  params: {
    websiteURL: "http://localhost:3000/demo/recaptcha-v2",
    websiteKey: "6LfMhDemoRecaptchaV2Checkbox0000000000001",
  },
  language: null,
  files: [],
  leaseUntil: new Date(NOW + 120_000).toISOString(),
}

/**
 * A token task for one of our demo widgets: the widget itself is the panel. Send before it is solved says what is
 * missing; the widget's challenge solved, its token goes as the task's answer (reCAPTCHA's gRecaptchaResponse).
 */
export const DemoWidgetTask: Story = {
  render: () => (
    <Cabinet
      api={workerApi({
        queue: [demoOffer],
        answer: (body) => demoTokenAnswer(body),
        extra: {
          [on(captchaDemoApi.challenge, { slug: "recaptcha-v2" })]: demoChallenge,
          // Alive for its lifetime from the stories' clock (the widget empties a lapsed token).
          [on(captchaDemoApi.solve, { slug: "recaptcha-v2" })]: () => ({
            ...demoToken,
            expiresAt: new Date(Date.now() + 120_000).toISOString(),
          }),
        },
      })}
    />
  ),
  play: async ({ canvas }) => {
    await start(canvas)
    const widget = await canvas.findByTestId("demo-widget-task")
    await expect(canvas.getByText("6LfMhDemoRecaptchaV2Checkbox0000000000001")).toBeVisible()
    await waitFor(() =>
      expect(within(widget).getByRole("checkbox", { name: "I'm not a robot" })).toHaveFocus(),
    )
    await userEvent.click(canvas.getByRole("button", { name: /^Send answer/ }))
    await expect(await canvas.findByText("Solve the widget first: its token is the answer.")).toBeVisible()
    await expect(demoTokenAnswer).not.toHaveBeenCalled()
    await userEvent.click(within(widget).getByRole("checkbox", { name: "I'm not a robot" }))
    const challenge = await within(widget).findByRole("region", { name: "Challenge" })
    await expect(within(challenge).getByText("Select all squares with circles")).toBeVisible()
    for (const cell of demoCells)
      await userEvent.click(within(challenge).getByRole("button", { name: new RegExp(`^Square ${cell},`) }))
    await userEvent.click(within(challenge).getByRole("button", { name: "Verify" }))
    await expect(await canvas.findByText("Solved. Press Send answer to hand the token over.")).toBeVisible()
    await expect(within(widget).getByText("Verified")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: /^Send answer/ }))
    await waitFor(() =>
      expect(demoTokenAnswer).toHaveBeenCalledWith({ solution: { gRecaptchaResponse: demoToken.token } }),
    )
    atTop()
  },
}
