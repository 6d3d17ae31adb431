import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Badge,
  Button,
  CopyButton,
  FileIcon,
  Modal,
  Popover,
  PopoverContent,
  PopoverTitle,
  PopoverTrigger,
  Table,
  useDesignSystem,
  useFormatter,
  type BadgeTone,
  type EmptyStateProps,
  type PaginationProps,
  type TableColumn,
} from "@manyhands/design-system"
import { useMicroMoney } from "../../../blocks"
import type { TaskState, UploadItem } from "../../customer-data"
import { useTypeName } from "../shared/captcha-types"

export const STATE_TONE: Record<TaskState, BadgeTone> = {
  open: "info",
  solved: "success",
  unsolvable: "danger",
}

/** Answers longer than this are cut in the table; the whole text opens in a popover. */
const SHORT_ANSWER = 16

export interface UploadsTableProps {
  items: UploadItem[] | undefined
  loading: boolean
  empty: EmptyStateProps
  pagination?: PaginationProps
  /** Where a task's picture is: the API's address in the app. */
  imageUrl: (id: string) => string
}

/** The uploads of one page: picture, id, type, state, answer, times, cost and when each was sent. */
export function UploadsTable({ items, loading, empty, pagination, imageUrl }: UploadsTableProps) {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const { locale } = useDesignSystem()
  const money = useMicroMoney()
  const typeName = useTypeName()
  const [shown, setShown] = useState<UploadItem | null>(null)

  const time = (at: string) =>
    new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }).format(new Date(at))
  const duration = (seconds: number | null) =>
    seconds === null ? <span className="text-muted-foreground">—</span> : format.duration(seconds)

  const columns: TableColumn<UploadItem>[] = [
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
      cell: (task) => <Thumbnail task={task} imageUrl={imageUrl} onOpen={() => setShown(task)} />,
    },
    {
      key: "state",
      header: t("uploads.columns.state"),
      cell: (task) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <Badge tone={STATE_TONE[task.state]} dot>
            {t(`states.${task.state}`)}
          </Badge>
          {task.refunded ? <Badge tone="neutral">{t("uploads.refunded")}</Badge> : null}
        </span>
      ),
    },
    {
      key: "answer",
      header: t("uploads.columns.answer"),
      cell: (task) => <Answer task={task} />,
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

      cell: (task) =>
        task.cost > 0 ? (
          money(task.cost, task.currency)
        ) : (
          <span className="text-muted-foreground">
            {task.state === "open" ? "—" : t("uploads.notCharged")}
          </span>
        ),
    },
    {
      key: "createdAt",
      header: t("uploads.columns.createdAt"),
      cell: (task) => (
        <span className="flex flex-col whitespace-nowrap @max-[40rem]:items-end">
          <span>{format.date(task.createdAt)}</span>
          <span className="text-[0.8125rem] text-muted-foreground">{time(task.createdAt)}</span>
        </span>
      ),
    },
  ]

  return (
    <>
      <Table
        caption={t("uploads.caption")}
        captionHidden
        columns={columns}
        rows={loading ? [] : (items ?? [])}
        loading={loading}
        loadingRows={8}
        size="sm"
        empty={empty}
        pagination={pagination}
      />
      <Modal
        open={shown !== null}
        onOpenChange={(open) => {
          if (!open) setShown(null)
        }}
        size="lg"
        title={shown ? t("uploads.picture.title", { id: shown.id }) : ""}
        description={shown ? typeName(shown.type) : undefined}
      >
        {shown ? <LargePicture task={shown} imageUrl={imageUrl} /> : null}
      </Modal>
    </>
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
function LargePicture({ task, imageUrl }: { task: UploadItem; imageUrl: (id: string) => string }) {
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
    </div>
  )
}

/** The answer as res.php gives it (cut when long), the error code of an unsolvable task, or a note. */
function Answer({ task }: { task: UploadItem }) {
  const { t } = useTranslation("statistics")
  if (task.answer === null) {
    if (task.errorCode)
      return (
        <code className="font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-danger-text">
          {task.errorCode}
        </code>
      )
    return <span className="text-muted-foreground">{t("uploads.noAnswer")}</span>
  }
  if (task.answer.length <= SHORT_ANSWER)
    return <code className="font-mono text-[0.8125rem] [overflow-wrap:anywhere]">{task.answer}</code>
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <code className="font-mono text-[0.8125rem]">{task.answer.slice(0, SHORT_ANSWER - 2)}…</code>
      <Popover>
        <PopoverTrigger asChild>
          <Button variant="none" className="text-sm font-medium text-primary underline underline-offset-4">
            {t("uploads.answer.show")}
            <span className="sr-only"> {t("uploads.answer.showOf", { id: task.id })}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-3">
          <PopoverTitle>{t("uploads.answer.title", { id: task.id })}</PopoverTitle>
          <code className="max-h-48 overflow-y-auto rounded-md bg-surface-muted p-2 font-mono text-xs break-all">
            {task.answer}
          </code>
          <div>
            <CopyButton value={task.answer} label={t("uploads.answer.copy")} />
          </div>
        </PopoverContent>
      </Popover>
    </span>
  )
}
