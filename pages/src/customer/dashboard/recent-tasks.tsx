import { useTranslation } from "react-i18next"
import { DataTable, useFormatter, type TableColumn } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import type { TaskSummary } from "@manyhands/contract/captcha"
import { useTaskCells, type TaskCellTexts } from "../shared/task-cells"

const TEXTS: TaskCellTexts = {
  namespace: "customer",
  states: "taskStates",
  refunded: "dashboard.recent.refunded",
  notCharged: "dashboard.recent.notCharged",
  answer: {
    none: "dashboard.recent.noAnswer",
    show: "dashboard.recent.showAnswer",
    showOf: "dashboard.recent.showAnswerOf",
    title: "dashboard.recent.answerTitle",
    copy: "dashboard.recent.copyAnswer",
  },
}

/** The 10 newest tasks: id, type, state, cost, answer and when each was sent. */
export function RecentTasks({ tasks }: { tasks?: TaskSummary[] }) {
  const { t } = useTranslation("customer")
  const format = useFormatter()
  const cells = useTaskCells(TEXTS, "stacked")

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
      cell: cells.state,
    },
    {
      key: "cost",
      header: t("dashboard.recent.cost"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: cells.cost,
    },
    {
      key: "answer",
      header: t("dashboard.recent.answer"),
      cell: cells.answer,
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
    <DataTable
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

/** The link to the full list of uploads. */
export function AllUploadsLink() {
  const { t } = useTranslation("customer")
  return <TextLink to="/statistics/uploads">{t("dashboard.recent.all")}</TextLink>
}
