import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { workerApi, type TrainingData } from "@manyhands/contract/worker"
import { screens } from "@manyhands/pages/worker/screens"
import { NOW, offers, workerUser } from "./cabinet-fixtures"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, type StoryApi } from "./story-shell"

const { default: TrainingScreen } = await screens.WorkerTraining()

const meta = {
  title: "Screens/Worker/Training",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
  beforeEach: () => {
    // Replaced by hand: a Storybook spy would be recorded, and the recording asks the clock again.
    const realNow = Date.now
    Date.now = () => NOW
    return () => {
      Date.now = realNow
    }
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const suspendedAt = new Date(NOW - 2 * 86_400_000).toISOString()

/** Every cabinet type, in each state a worker's type can be in. */
const training: TrainingData = {
  required: 5,
  passShare: 0.8,
  types: [
    { type: "ImageToTextTask", status: "active", answered: 5, correct: 5, remaining: 3, suspension: null },
    { type: "TextCaptchaTask", status: "active", answered: 5, correct: 4, remaining: 4, suspension: null },
    { type: "GridTask", status: "training", answered: 2, correct: 2, remaining: 4, suspension: null },
    { type: "CoordinatesTask", status: "training", answered: 0, correct: 0, remaining: 6, suspension: null },
    { type: "RotateTask", status: "active", answered: 5, correct: 5, remaining: 1, suspension: null },
    {
      type: "BoundingBoxTask",
      status: "suspended",
      answered: 1,
      correct: 1,
      remaining: 5,
      suspension: { cause: "goldAccuracy", percent: 62, limit: 70, at: suspendedAt },
    },
    {
      type: "DrawAroundTask",
      status: "suspended",
      answered: 0,
      correct: 0,
      remaining: 6,
      suspension: { cause: "reports", percent: 25, limit: 20, at: suspendedAt },
    },
    { type: "AudioTask", status: "training", answered: 4, correct: 3, remaining: 3, suspension: null },
  ],
}

const trainingApi = (answer: (body: unknown) => unknown, id = "80000413001"): StoryApi => ({
  [`POST ${workerApi.trainingClaim.url()}`]: () => offers.grid(id),
  [`POST ${workerApi.answer.url({ id })}`]: answer,
  [`POST ${workerApi.skip.url({ id })}`]: () => null,
})

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/**
 * Each type's practice: answered of required, right answers, how many are needed, status; Start training where
 * it is still to pass, Retrain (with the reason and the way back) where the worker is suspended.
 */
export const Overview: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <TrainingScreen training={training} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Training")
    await expect(canvas.getByText(/answer 5 training tasks, at least 80% of them right/)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Start training: Grid (pick the tiles)" })).toBeVisible()
    const solve = canvas.getAllByRole("link", { name: "Solve in the cabinet" })
    await expect(solve).toHaveLength(3)
    await expect(solve[0]).toHaveAttribute("href", "/cabinet")
    await expect(canvas.getAllByText("Passed")).toHaveLength(3)
    await expect(canvas.getByText("Right: 2 of 2 · 4 right needed · Tasks left to practise: 4")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Retrain: Bounding box" })).toBeVisible()
    await expect(
      canvas.getByText("Your accuracy on check tasks fell to 62%; at least 70% is needed."),
    ).toBeVisible()
    await expect(
      canvas.getByText("Customers reported 25% of your answers as wrong; at most 20% is allowed."),
    ).toBeVisible()
    await expect(
      canvas.getAllByText(/To get a type back, retrain: answer 4 of your last 5 training tasks/),
    ).toHaveLength(2)
    await expect(canvas.getByText(/A type you were suspended from opens again the same way/)).toBeVisible()
  },
}

export const Loading: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <TrainingScreen />
    </Shell>
  ),
}

/** Every type is open: nothing to train. */
export const NothingToTrain: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <TrainingScreen training={{ ...training, types: [] }} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No training needed")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Go to solving" })).toHaveAttribute("href", "/cabinet")
  },
}

const refreshWrong = fn(async (_url: string) => {})

/** A wrong answer: the right one is shown in words and drawn on the picture; Next task has the focus. */
export const WrongAnswer: Story = {
  render: () => (
    <Shell
      services={{ user: workerUser, refresh: refreshWrong }}
      api={trainingApi(() => ({
        accepted: true,
        earned: 0,
        currency: "USD",
        training: { correct: false, expected: { click: [2, 4, 9] } },
      }))}
    >
      <TrainingScreen training={training} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Start training: Grid (pick the tiles)" }))
    const panel = await canvas.findByTestId("task-panel")
    await expect(panel).toHaveAttribute("data-assignment-id", "80000413001")
    await waitFor(() => expect(canvas.getByRole("button", { name: "Tile 1" })).toHaveFocus())
    await userEvent.keyboard("24{Enter}")
    await expect(await canvas.findByRole("heading", { name: "Not quite" })).toBeVisible()
    await expect(canvas.getByText("Tiles 2, 4, and 9")).toBeVisible()
    await expect(canvas.getByText("Tiles 2 and 4")).toBeVisible()
    await expect(canvas.getByRole("img", { name: "The right answer drawn on the picture" })).toBeVisible()
    await waitFor(() => expect(canvas.getByRole("button", { name: "Next task" })).toHaveFocus())
    await expect(refreshWrong).toHaveBeenCalledWith(workerApi.training.url())
    atTop()
  },
}

/**
 * The answer that completes the training (or, from `status` suspended, the retraining): congratulations, and the
 * way to the solving page.
 */
function PassingTraining({ status = "training" }: { status?: "training" | "suspended" }) {
  const before: TrainingData = {
    ...training,
    types: training.types.map((type) =>
      type.type === "GridTask"
        ? {
            ...type,
            status,
            answered: 4,
            correct: 4,
            remaining: 4,
            suspension:
              status === "suspended"
                ? { cause: "goldAccuracy", percent: 65, limit: 70, at: suspendedAt }
                : null,
          }
        : type,
    ),
  }
  const [data, setData] = useState(before)
  const after: TrainingData = {
    ...before,
    types: before.types.map((type) =>
      type.type === "GridTask"
        ? { ...type, status: "active", answered: 5, correct: 5, remaining: 3, suspension: null }
        : type,
    ),
  }
  return (
    <Shell
      services={{ user: workerUser, refresh: async () => setData(after) }}
      api={trainingApi(() => ({
        accepted: true,
        earned: 0,
        currency: "USD",
        training: { correct: true, expected: { click: [2, 4, 9] } },
      }))}
    >
      <TrainingScreen training={data} />
    </Shell>
  )
}

export const Passed: Story = {
  render: () => <PassingTraining />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Start training: Grid (pick the tiles)" }))
    await canvas.findByTestId("task-panel")
    await userEvent.keyboard("249{Enter}")
    await expect(await canvas.findByRole("heading", { name: "Right!" })).toBeVisible()
    await expect(
      await canvas.findByText("Well done — you passed the Grid (pick the tiles) training!"),
    ).toBeVisible()
    const onward = canvas.getByRole("link", { name: "Go to solving" })
    await expect(onward).toHaveAttribute("href", "/cabinet")
    await waitFor(() => expect(onward).toHaveFocus())
    atTop()
  },
}

/** Retraining a suspended type: the same practice, and passing it opens the type again. */
export const Retrained: Story = {
  render: () => <PassingTraining status="suspended" />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("Your accuracy on check tasks fell to 65%; at least 70% is needed."),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Retrain: Grid (pick the tiles)" }))
    await canvas.findByTestId("task-panel")
    await userEvent.keyboard("249{Enter}")
    await expect(await canvas.findByRole("heading", { name: "Right!" })).toBeVisible()
    await expect(
      await canvas.findByText("Well done — you passed the Grid (pick the tiles) training!"),
    ).toBeVisible()
    const onward = canvas.getByRole("link", { name: "Go to solving" })
    await waitFor(() => expect(onward).toHaveFocus())
    atTop()
  },
}
