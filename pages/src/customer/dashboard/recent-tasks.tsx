import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  CopyButton,
  Popover,
  PopoverContent,
  PopoverTrigger,
  PopoverTitle,
  Table,
  useFormatter,
  type BadgeTone,
  type TableColumn,
} from "@manyhands/design-system"
import { TextLink, useMicroMoney } from "../../blocks"
import type { TaskState, TaskSummary } from "../customer-data"

export const STATE_TONE: Record<TaskState, BadgeTone> = {
  open: "info",
  solved: "success",
  unsolvable: "danger",
}

/** Answers longer than this are cut in the table; the whole text opens in a popover. */
const SHORT_ANSWER = 16

/** The 10 newest tasks: id, type, state, cost, answer and when each was sent. */
export function RecentTasks({ tasks }: { tasks?: TaskSummary[] }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const money = useMicroMoney()

  const columns: TableColumn<TaskSummary>[] = [
    {
      key: "id",
      header: t("dashboard.recent.task"),
      rowHeader: true,
      cell: (task) => (
        <span className="flex flex-col @max-[40rem]:items-end">
          <span className="font-mono text-[0.8125rem] whitespace-nowrap">{task.id}</span>
          <span className="text-sm font-normal text-muted-foreground">
            {t(`common:captchaTypes.${task.type}`, { defaultValue: task.type })}
          </span>
        </span>
      ),
    },
    {
      key: "state",
      header: t("dashboard.recent.status"),
      cell: (task) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <Badge tone={STATE_TONE[task.state]} dot>
            {t(`taskStates.${task.state}`)}
          </Badge>
          {task.refunded ? <Badge tone="neutral">{t("dashboard.recent.refunded")}</Badge> : null}
        </span>
      ),
    },
    {
      key: "cost",
      header: t("dashboard.recent.cost"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (task) =>
        task.cost > 0 ? (
          money(task.cost, task.currency)
        ) : (
          <span className="text-muted-foreground">
            {task.state === "open" ? "—" : t("dashboard.recent.notCharged")}
          </span>
        ),
    },
    {
      key: "answer",
      header: t("dashboard.recent.answer"),
      cell: (task) => <Answer task={task} />,
    },
    {
      key: "createdAt",
      header: t("dashboard.recent.sent"),
      className: "whitespace-nowrap",
      cell: (task) => (
        <span className="flex flex-col @max-[40rem]:items-end">
          <span>{format.dateTime(task.createdAt)}</span>
          {task.solveSeconds !== null ? (
            <span className="text-sm text-muted-foreground">
              {t("dashboard.recent.took", { duration: format.duration(task.solveSeconds) })}
            </span>
          ) : null}
        </span>
      ),
    },
  ]

  return (
    <Table
      caption={t("dashboard.recent.caption")}
      captionHidden
      columns={columns}
      rows={tasks ?? []}
      loading={!tasks}
      loadingRows={4}
      size="sm"
    />
  )
}

/** The answer as res.php gives it (cut when long), the error code of an unsolvable task, or a dash. */
function Answer({ task }: { task: TaskSummary }) {
  const { t } = useTranslation("customer")
  if (task.answer === null) {
    if (task.errorCode)
      return <code className="font-mono text-[0.8125rem] text-danger-text">{task.errorCode}</code>
    return <span className="text-muted-foreground">{t("dashboard.recent.noAnswer")}</span>
  }
  if (task.answer.length <= SHORT_ANSWER)
    return <code className="font-mono text-[0.8125rem] [overflow-wrap:anywhere]">{task.answer}</code>
  return (
    <span className="inline-flex flex-col items-start @max-[40rem]:items-end">
      <code className="font-mono text-[0.8125rem]">{task.answer.slice(0, SHORT_ANSWER - 4)}…</code>
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="none" className="text-sm font-medium text-primary underline underline-offset-4">
            {t("dashboard.recent.showAnswer")}
            <span className="sr-only"> {t("dashboard.recent.showAnswerOf", { id: task.id })}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="flex w-96 flex-col gap-3">
          <PopoverTitle>{t("dashboard.recent.answerTitle", { id: task.id })}</PopoverTitle>
          <code className="max-h-48 overflow-y-auto rounded-md bg-surface-muted p-2 font-mono text-xs break-all">
            {task.answer}
          </code>
          <div>
            <CopyButton value={task.answer} label={t("dashboard.recent.copyAnswer")} />
          </div>
        </PopoverContent>
      </Popover>
    </span>
  )
}

/** The link to the full list of uploads. */
export function AllUploadsLink() {
  const { t } = useTranslation("customer")
  return <TextLink to="/statistics/uploads">{t("dashboard.recent.all")}</TextLink>
}
