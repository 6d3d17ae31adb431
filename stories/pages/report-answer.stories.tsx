import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState, type ReactNode } from "react"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import { customerApi, type TaskReport } from "@manyhands/contract/captcha"
import {
  ReportAnswer,
  withReport,
  type ReportableTask,
} from "@manyhands/pages/customer/shared/report-answer/index"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, storyUser, type StoryApi } from "./story-shell"

const meta = {
  title: "Screens/Customer/Report an answer",
  decorators: [withScreenContext],
  parameters: { layout: "padded" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/* ───────────────────────────── data ───────────────────────────── */

/** Inside the report window for as long as the stories run (the server says 15 minutes after submission). */
const OPEN_UNTIL = "2999-05-20T09:55:51Z"
/** A window that closed while the page was open: the server still said it was open. */
const CLOSED_AT = "2026-05-20T09:40:51Z"

const task = (id: string, fields: Partial<ReportableTask> = {}): ReportableTask => ({
  id,
  state: "solved",
  cost: 500,
  currency: "USD",
  report: null,
  refunded: false,
  reportableUntil: OPEN_UNTIL,
  ...fields,
})

const reported = (id: string, verdict: "good" | "bad"): TaskReport => ({
  id,
  report: verdict,
  refunded: verdict === "bad",
  refund: verdict === "bad" ? 500 : 0,
  cost: verdict === "bad" ? 0 : 500,
  currency: "USD",
  balance: { amount: 24_998_550, currency: "USD" },
})

const report = (id: string) => on(customerApi.report, { id })

/** Each row of the matrix: its tasks (compact, full) and how the story's server answers their reports. */
interface Row {
  label: string
  note: string
  compact: ReportableTask
  full: ReportableTask
}

const rows: Row[] = [
  {
    label: "Inside the window",
    note: "Not reported yet",
    compact: task("70000000101"),
    full: task("70000000102"),
  },
  {
    label: "Reported as wrong",
    note: "Just now: asked first, refunded",
    compact: task("70000000111"),
    full: task("70000000112"),
  },
  {
    label: "Confirmed correct",
    note: "Just now: no refund",
    compact: task("70000000121"),
    full: task("70000000122"),
  },
  {
    label: "Refused: too late",
    note: "409 REPORT_WINDOW_CLOSED",
    compact: task("70000000131"),
    full: task("70000000132"),
  },
  {
    label: "Refused: not believed",
    note: "409 TOO_MANY_REPORTS",
    compact: task("70000000141"),
    full: task("70000000142"),
  },
  {
    label: "Reported earlier",
    note: "As the list gives it",
    compact: task("70000000151", { report: "bad", refunded: true, cost: 0, reportableUntil: null }),
    full: task("70000000152", { report: "good", reportableUntil: null }),
  },
  {
    label: "Window over",
    note: "Closed while the page was open",
    compact: task("70000000161", { reportableUntil: CLOSED_AT }),
    full: task("70000000162", { reportableUntil: CLOSED_AT }),
  },
]

const tooLate = () => {
  throw refusal(
    "Reports are taken for 15 minutes after a task is sent; this one is older.",
    "REPORT_WINDOW_CLOSED",
    409,
  )
}
const notBelieved = () => {
  throw refusal(
    "You report too many of your recent tasks as wrong: this report was not recorded.",
    "TOO_MANY_REPORTS",
    409,
  )
}

const matrixApi: StoryApi = {
  [report("70000000111")]: reported("70000000111", "bad"),
  [report("70000000112")]: reported("70000000112", "bad"),
  [report("70000000121")]: reported("70000000121", "good"),
  [report("70000000122")]: reported("70000000122", "good"),
  [report("70000000131")]: tooLate,
  [report("70000000132")]: tooLate,
  [report("70000000141")]: notBelieved,
  [report("70000000142")]: notBelieved,
}

/** One control as a screen holds it: the task changes with its report. */
function Held({ initial, layout }: { initial: ReportableTask; layout: "compact" | "full" }) {
  const [current, setCurrent] = useState(initial)
  return (
    <ReportAnswer
      task={current}
      layout={layout}
      onReported={(answer) => setCurrent((shown) => withReport(shown, answer))}
    />
  )
}

function Matrix({ children }: { children: ReactNode }) {
  return (
    <Shell services={{ user: storyUser }} api={matrixApi}>
      {children}
    </Shell>
  )
}

/* ───────────────────────────── stories ───────────────────────────── */

/**
 * Every state, in a table's cell (compact) and in a test's result or a task's details (full). The rows marked
 * "just now" and "refused" are reported by the story's play, with the keyboard, as a customer would.
 */
export const States: Story = {
  render: () => (
    <Matrix>
      <table className="w-full max-w-5xl border-collapse text-left text-sm">
        <caption className="sr-only">Report an answer: every state</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="p-3 font-semibold">
              State
            </th>
            <th scope="col" className="p-3 font-semibold">
              In a table
            </th>
            <th scope="col" className="p-3 font-semibold">
              In a result or details
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-border align-top">
              <th scope="row" className="w-48 p-3 font-medium">
                {row.label}
                <span className="block text-xs font-normal text-muted-foreground">{row.note}</span>
              </th>
              <td className="w-56 p-3">
                <code className="mb-1 block font-mono text-[0.8125rem]">x7k2pq</code>
                <Held initial={row.compact} layout="compact" />
              </td>
              <td className="p-3">
                <Held initial={row.full} layout="full" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Matrix>
  ),
  play: async ({ canvas, step }) => {
    const wrong = (id: string) => canvas.getByRole("button", { name: `Report as wrong (task ${id})` })
    const correct = (id: string) => canvas.getByRole("button", { name: `Confirm correct (task ${id})` })

    /** "Report as wrong" by keyboard, then the dialog's own button; the result takes the focus. */
    const reportWrong = async (id: string) => {
      wrong(id).focus()
      await userEvent.keyboard("{Enter}")
      const dialog = await screen.findByRole("dialog", { name: `Report the answer of task ${id} as wrong?` })
      await expect(dialog).toHaveTextContent("The $0.0005 it cost comes back to your balance.")
      await userEvent.click(within(dialog).getByRole("button", { name: "Report as wrong" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    }

    await step("Escape cancels: nothing sent, the focus back on the button", async () => {
      wrong("70000000101").focus()
      await userEvent.keyboard("{Enter}")
      await screen.findByRole("dialog", { name: "Report the answer of task 70000000101 as wrong?" })
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(wrong("70000000101")).toHaveFocus())
    })

    await step("report as wrong: asked first, then refunded and announced", async () => {
      const refunded = "Reported as wrong: $0.0005 refunded."
      await reportWrong("70000000111")
      await expect(await canvas.findByText(refunded)).toHaveAttribute("role", "status")
      await waitFor(() => expect(canvas.getByText(refunded)).toHaveFocus())
      await reportWrong("70000000112")
      await waitFor(() => expect(canvas.getAllByText(refunded)).toHaveLength(2))
      await waitFor(() => expect(canvas.getAllByText(refunded)[1]).toHaveFocus())
      await expect(canvas.queryByRole("button", { name: "Report as wrong (task 70000000112)" })).toBeNull()
    })

    await step("confirm correct: no dialog, no refund", async () => {
      // One after the other: each result takes the focus when it comes, so the next waits for it.
      for (const [index, id] of ["70000000121", "70000000122"].entries()) {
        correct(id).focus()
        await userEvent.keyboard("{Enter}")
        await waitFor(() => expect(canvas.getAllByText("Confirmed correct.")).toHaveLength(index + 1))
        await waitFor(() => expect(canvas.getAllByText("Confirmed correct.")[index]).toHaveFocus())
      }
    })

    await step("refusals say why, and the buttons go", async () => {
      await userEvent.click(correct("70000000131"))
      await userEvent.click(correct("70000000132"))
      await waitFor(() =>
        expect(
          canvas.getAllByText("Too late: answers can be reported for 15 minutes after the task was sent."),
        ).toHaveLength(2),
      )
      const notBelieved = "Not recorded: too many of your recent tasks were reported as wrong."
      for (const [index, id] of ["70000000141", "70000000142"].entries()) {
        await reportWrong(id)
        await waitFor(() => expect(canvas.getAllByText(notBelieved)).toHaveLength(index + 1))
        await waitFor(() => expect(canvas.getAllByText(notBelieved)[index]).toHaveFocus())
      }
      await waitFor(() => expect(canvas.getAllByText(notBelieved)).toHaveLength(2))
      for (const id of ["70000000131", "70000000132", "70000000141", "70000000142"])
        await expect(canvas.queryByRole("button", { name: `Confirm correct (task ${id})` })).toBeNull()
    })

    await step("the window closed: no buttons", async () => {
      for (const id of ["70000000161", "70000000162"])
        await expect(canvas.queryByRole("button", { name: `Report as wrong (task ${id})` })).toBeNull()
      await expect(canvas.getByText("The 15 minutes for reporting this answer are over.")).toBeVisible()
    })
  },
}

/**
 * "Report as wrong" asks first and says the refund. A failure that is no refusal (the connection) keeps the
 * dialog open to try again.
 */
export const AskedFirst: Story = {
  name: "Report as wrong: asked first",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [report("70000000201")]: () => {
          throw refusal(
            "We could not reach Manyhands. Check your connection and try again.",
            "FETCH_ERROR",
            0,
          )
        },
      }}
    >
      <ReportAnswer task={task("70000000201", { cost: 2990 })} layout="full" onReported={() => {}} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Was the answer right\? You can report it until /)).toBeVisible()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Report as wrong (task 70000000201)" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    const dialog = await screen.findByRole("dialog", {
      name: "Report the answer of task 70000000201 as wrong?",
    })
    await expect(dialog).toHaveTextContent("The $0.00299 it cost comes back to your balance.")
    await userEvent.click(within(dialog).getByRole("button", { name: "Report as wrong" }))
    await expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "We could not reach Manyhands. Check your connection and try again.",
    )
    await expect(within(dialog).getByRole("button", { name: "Report as wrong" })).toBeEnabled()
  },
}
