import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  CopyButton,
  Popover,
  PopoverContent,
  PopoverTitle,
  PopoverTrigger,
  cn,
  type BadgeTone,
} from "@manyhands/design-system"
import { useMicroMoney } from "../../blocks"
import { ErrorCode } from "../settings/shared/cells"
import type { TaskState, TaskSummary } from "@manyhands/contract/captcha"

/** A task's state as a badge colour, wherever tasks are listed. */
export const TASK_STATE_TONE: Record<TaskState, BadgeTone> = {
  open: "info",
  solved: "success",
  unsolvable: "danger",
}

/** Where a table of tasks keeps its texts: its namespace and the keys in it (each table words them its own way). */
export interface TaskCellTexts {
  namespace: string
  /** Prefix of the state names: `<states>.open` … */
  states: string
  refunded: string
  notCharged: string
  answer: {
    none: string
    show: string
    /** Takes {{id}}: read after `show` by screen readers. */
    showOf: string
    /** Takes {{id}}. */
    title: string
    copy: string
  }
}

/** Answers longer than this are cut in the table; the whole text opens in a popover. */
const SHORT_ANSWER = 16

/**
 * How a cut answer sits in its cell: `stacked` puts the link under it (the dashboard's narrow card); `inline`
 * keeps it beside, and lets error codes and the popover fit a narrow screen (the wide uploads table).
 */
const ANSWER_LAYOUTS = {
  stacked: {
    shown: SHORT_ANSWER - 4,
    cell: "flex-col items-start @max-[40rem]:items-end",
    errorCode: "",
    popover: "",
  },
  inline: {
    shown: SHORT_ANSWER - 2,
    cell: "flex-wrap items-baseline gap-x-2",
    // Codes wrap after an underscore (ErrorCode), never inside a word; a part wider than the cell still breaks.
    errorCode: "break-words",
    popover: "max-w-[calc(100vw-2rem)]",
  },
}

export type AnswerLayout = keyof typeof ANSWER_LAYOUTS

/** The cells every table of the customer's tasks shows alike: state, cost and answer. */
export function useTaskCells(texts: TaskCellTexts, answerLayout: AnswerLayout) {
  const { t } = useTranslation(texts.namespace)
  const money = useMicroMoney()
  return {
    state: (task: TaskSummary) => (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <Badge tone={TASK_STATE_TONE[task.state]} dot>
          {t(`${texts.states}.${task.state}`)}
        </Badge>
        {task.refunded ? <Badge tone="neutral">{t(texts.refunded)}</Badge> : null}
      </span>
    ),
    cost: (task: TaskSummary) =>
      task.cost > 0 ? (
        money(task.cost, task.currency)
      ) : (
        <span className="text-muted-foreground">{task.state === "open" ? "—" : t(texts.notCharged)}</span>
      ),
    answer: (task: TaskSummary) => <TaskAnswer task={task} texts={texts} layout={answerLayout} />,
  }
}

/** The answer as res.php gives it (cut when long), the error code of an unsolvable task, or a note. */
function TaskAnswer({
  task,
  texts,
  layout,
}: {
  task: TaskSummary
  texts: TaskCellTexts
  layout: AnswerLayout
}) {
  const { t } = useTranslation(texts.namespace)
  const { shown, cell, errorCode, popover } = ANSWER_LAYOUTS[layout]
  if (task.answer === null) {
    if (task.errorCode)
      return <ErrorCode as="code" code={task.errorCode} className={cn(errorCode, "text-danger-text")} />
    return <span className="text-muted-foreground">{t(texts.answer.none)}</span>
  }
  if (task.answer.length <= SHORT_ANSWER)
    return <code className="font-mono text-[0.8125rem] [overflow-wrap:anywhere]">{task.answer}</code>
  return (
    <span className={cn("inline-flex", cell)}>
      <code className="font-mono text-[0.8125rem]">{task.answer.slice(0, shown)}…</code>
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="none" className="text-sm font-medium text-primary underline underline-offset-4">
            {t(texts.answer.show)}
            <span className="sr-only"> {t(texts.answer.showOf, { id: task.id })}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className={cn("flex w-96 flex-col gap-3", popover)}>
          <PopoverTitle>{t(texts.answer.title, { id: task.id })}</PopoverTitle>
          <code className="max-h-48 overflow-y-auto rounded-md bg-surface-muted p-2 font-mono text-xs break-all">
            {task.answer}
          </code>
          <div>
            <CopyButton value={task.answer} label={t(texts.answer.copy)} />
          </div>
        </PopoverContent>
      </Popover>
    </span>
  )
}
