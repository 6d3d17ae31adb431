import { useState } from "react"
import { useTranslation } from "react-i18next"
import { FileIcon, Modal, useFormatter, type TableColumn } from "@manyhands/design-system"
import type { TaskReport, UploadItem } from "@manyhands/contract/captcha"
import { ReportAnswer } from "../../shared/report-answer"
import { useTaskCells, type TaskCellTexts } from "../../shared/task-cells"
import { useTypeName } from "../shared/captcha-types"

const TEXTS: TaskCellTexts = {
  namespace: "statistics",
  states: "states",
  refunded: "uploads.refunded",
  notCharged: "uploads.notCharged",
  answer: {
    none: "uploads.noAnswer",
    show: "uploads.answer.show",
    showOf: "uploads.answer.showOf",
    title: "uploads.answer.title",
    copy: "uploads.answer.copy",
  },
}

/** What a row's report did: the row shows it (`onReported`), or the list is read again (`onRefused`). */
export interface ReportHandlers {
  onReported: (report: TaskReport) => void
  onRefused: () => void
}

/**
 * The columns of the uploads table: picture, id, type, state, answer (with its report), times, cost and when
 * each was sent. `imageUrl` says where a task's picture is (the API's address in the app); `onOpen` shows it
 * larger.
 */
export function useUploadColumns(
  imageUrl: (id: string) => string,
  onOpen: (task: UploadItem) => void,
  report: ReportHandlers,
): TableColumn<UploadItem>[] {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const cells = useTaskCells(TEXTS, "inline")
  const typeName = useTypeName()

  const duration = (seconds: number | null) =>
    seconds === null ? <span className="text-muted-foreground">—</span> : format.duration(seconds)

  return [
    {
      key: "id",
      header: t("uploads.columns.id"),
      rowHeader: true,
      cell: (task) => (
        <span className="flex min-w-0 flex-col gap-0.5 @max-[40rem]:items-start">
          <span className="font-mono text-[0.8125rem] whitespace-nowrap">{task.id}</span>
          <span className="text-[0.8125rem] font-normal text-muted-foreground">
            <span className="sr-only">{t("uploads.columns.type")}: </span>
            {typeName(task.type)}
          </span>
        </span>
      ),
    },
    {
      key: "picture",
      header: t("uploads.columns.picture"),
      width: "5rem",
      cell: (task) => <Thumbnail task={task} imageUrl={imageUrl} onOpen={() => onOpen(task)} />,
    },
    {
      key: "state",
      header: t("uploads.columns.state"),
      cell: cells.state,
    },
    {
      key: "answer",
      header: t("uploads.columns.answer"),
      cell: (task) => (
        <span className="flex flex-col items-start gap-1 @max-[40rem]:items-end">
          {cells.answer(task)}
          <ReportAnswer task={task} {...report} />
        </span>
      ),
    },
    {
      key: "workerSeconds",
      header: <Wrapping text={t("uploads.columns.workerTime")} />,
      label: t("uploads.columns.workerTime"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (task) => duration(task.workerSeconds),
    },
    {
      key: "solveSeconds",
      header: <Wrapping text={t("uploads.columns.solveTime")} />,
      label: t("uploads.columns.solveTime"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (task) => duration(task.solveSeconds),
    },
    {
      key: "cost",
      header: t("uploads.columns.cost"),
      align: "numeric",
      cell: cells.cost,
    },
    {
      key: "createdAt",
      header: t("uploads.columns.createdAt"),
      cell: (task) => (
        <span className="flex flex-col whitespace-nowrap @max-[40rem]:items-end">
          <span>{format.date(task.createdAt)}</span>
          <span className="text-[0.8125rem] text-muted-foreground">{format.time(task.createdAt)}</span>
        </span>
      ),
    },
  ]
}

/** A task's picture as large as the dialog allows, with its answer; closed while `task` is null. */
export function PictureDialog({
  task,
  imageUrl,
  onClose,
  report,
}: {
  task: UploadItem | null
  imageUrl: (id: string) => string
  onClose: () => void
  report: ReportHandlers
}) {
  const { t } = useTranslation("statistics")
  const typeName = useTypeName()
  return (
    <Modal
      open={task !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="lg"
      title={task ? t("uploads.picture.title", { id: task.id }) : ""}
      description={task ? typeName(task.type) : undefined}
    >
      {task ? <LargePicture task={task} imageUrl={imageUrl} report={report} /> : null}
    </Modal>
  )
}

/** A column title that may take two lines (table headers do not wrap by themselves). */
function Wrapping({ text }: { text: string }) {
  return <span className="inline-block whitespace-normal">{text}</span>
}

/** A small picture that opens larger; a placeholder when the task has none or it cannot be loaded. */
function Thumbnail({
  task,
  imageUrl,
  onOpen,
}: {
  task: UploadItem
  imageUrl: (id: string) => string
  onOpen: () => void
}) {
  const { t } = useTranslation("statistics")
  const [failed, setFailed] = useState(false)
  const frame =
    "relative inline-flex h-9 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted text-muted-foreground"
  if (!task.hasImage) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("uploads.picture.none")}</span>
      </span>
    )
  }
  if (failed) {
    return (
      <span className={frame}>
        <FileIcon size={16} aria-hidden="true" />
        <span className="sr-only">{t("uploads.picture.failed")}</span>
      </span>
    )
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={t("uploads.picture.open", { id: task.id })}
      aria-haspopup="dialog"
      className={`${frame} focus-ring cursor-zoom-in hover:border-border-strong`}
    >
      <img
        src={imageUrl(task.id)}
        alt={t("uploads.picture.alt", { id: task.id })}
        loading="lazy"
        decoding="async"
        width={64}
        height={36}
        onError={() => setFailed(true)}
        className="size-full object-contain"
      />
    </button>
  )
}

/** The picture as large as the dialog allows, with the task's answer under it. */
function LargePicture({
  task,
  imageUrl,
  report,
}: {
  task: UploadItem
  imageUrl: (id: string) => string
  report: ReportHandlers
}) {
  const { t } = useTranslation("statistics")
  const [failed, setFailed] = useState(false)
  return (
    <div className="flex flex-col gap-4">
      {failed ? (
        <p className="rounded-md border border-border bg-surface-muted p-6 text-center text-sm text-muted-foreground">
          {t("uploads.picture.failed")}
        </p>
      ) : (
        <img
          src={imageUrl(task.id)}
          alt={t("uploads.picture.alt", { id: task.id })}
          onError={() => setFailed(true)}
          className="mx-auto h-auto max-h-[55vh] w-full max-w-md rounded-md border border-border bg-surface-muted object-contain"
        />
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("uploads.columns.state")}</dt>
        <dd>{t(`states.${task.state}`)}</dd>
        <dt className="text-muted-foreground">{t("uploads.columns.answer")}</dt>
        <dd className="font-mono text-[0.8125rem] break-all">
          {task.answer ?? task.errorCode ?? t("uploads.noAnswer")}
        </dd>
      </dl>
      <ReportAnswer task={task} layout="full" {...report} />
    </div>
  )
}
