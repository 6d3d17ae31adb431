import { useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useParams } from "react-router"
import {
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  KeyValueItem,
  KeyValueList,
  Skeleton,
  DataTable,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { moderationApi, type WorkerDetail, type WorkerTypeStanding } from "@manyhands/contract/ops-moderation"
import { useApi } from "../api"
import { NoticeRegion, type Notice } from "../blocks"
import { ModerationLayout } from "./moderation-layout"
import { AccuracyCell, ReportsCell, StandingState, useNumber } from "./standing-parts"
import { StandingDialog, type StandingAction, type StandingRequest } from "./standing-dialog"

export interface WorkerScreenProps {
  /** GET /api/v2/moderation/workers/:id, preloaded by the route. */
  moderationWorker?: WorkerDetail
}

/** Which decisions a standing allows: lift a suspension; suspend; send back to training. */
const actionsOf = (standing: WorkerTypeStanding): StandingAction[] =>
  standing.status === "suspended"
    ? ["reinstate", "retrain"]
    : standing.status === "training"
      ? ["suspend"]
      : ["suspend", "retrain"]

/**
 * /moderation/workers/{id}: one worker's standing in every type they have one in — accuracy on check tasks,
 * customers' reports, the suspension and why — with the moderator's decisions, and the staff actions on them.
 */
export default function WorkerScreen({ moderationWorker }: WorkerScreenProps) {
  const { t } = useTranslation("ops-moderation")
  const format = useFormatter()
  const n = useNumber()
  const params = useParams()
  const id = moderationWorker?.id ?? params.id ?? "0"
  const detail = useApi<WorkerDetail>(moderationApi.worker.url({ id }), { initial: moderationWorker })
  const [request, setRequest] = useState<StandingRequest | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const worker = detail.data ?? detail.last

  const open = (action: StandingAction, standing: WorkerTypeStanding, button: HTMLElement) => {
    opener.current = button
    setRequest({ action, standing })
  }
  const close = () => {
    setRequest(null)
    requestAnimationFrame(() => opener.current?.focus())
  }
  const done = (updated: WorkerTypeStanding, action: StandingAction) => {
    setRequest(null)
    setNotice({ tone: "success", text: t(`done.${action}`, { email: updated.email, type: updated.type }) })
    if (worker)
      void detail.mutate(
        { ...worker, types: worker.types.map((row) => (row.type === updated.type ? updated : row)) },
        true,
      )
    requestAnimationFrame(() => heading.current?.focus())
  }

  const columns: TableColumn<WorkerTypeStanding>[] = [
    {
      key: "type",
      header: t("columns.type"),
      rowHeader: true,
      cell: (row) => <code className="text-sm">{row.type}</code>,
    },
    { key: "status", header: t("columns.status"), cell: (row) => <StandingState standing={row} /> },
    {
      key: "accuracy",
      header: t("columns.accuracy"),
      align: "numeric",
      cell: (row) => <AccuracyCell standing={row} />,
    },
    {
      key: "reports",
      header: t("columns.reports"),
      align: "numeric",
      cell: (row) => <ReportsCell standing={row} />,
    },
    {
      key: "lifetime",
      header: t("columns.lifetime"),
      align: "numeric",
      cell: (row) => (
        <span className="text-sm whitespace-nowrap">
          {t("columns.lifetimeOf", {
            answered: n(row.lifetime.answered),
            right: n(row.lifetime.goldCorrect),
            wrong: n(row.lifetime.goldWrong),
          })}
        </span>
      ),
    },
    { key: "rating", header: t("columns.rating"), align: "numeric", cell: (row) => row.rating },
    {
      key: "actions",
      header: <span className="sr-only">{t("columns.actions")}</span>,
      label: t("columns.actions"),
      align: "end",
      cell: (row) => (
        <span className="flex flex-wrap justify-end gap-2">
          {actionsOf(row).map((action) => (
            <Button
              key={action}
              size="md"
              variant={action === "reinstate" ? "primary" : "secondary"}
              aria-haspopup="dialog"
              aria-label={t(`actions.${action}Of`, { type: row.type })}
              onClick={(event) => open(action, row, event.currentTarget)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </span>
      ),
    },
  ]

  const title = worker?.email ?? t("worker.title")
  return (
    <ModerationLayout
      page={null}
      titleId="moderation-worker-title"
      title={title}
      lead={
        <p>
          <Link to="/moderation/workers" className="text-primary underline-offset-4 hover:underline">
            {t("worker.back")}
          </Link>
        </p>
      }
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("dismiss")} />
      {detail.error && !worker ? (
        <ErrorState
          titleAs="h2"
          size="section"
          title={t("worker.error")}
          description={detail.error.message}
          onRetry={detail.retry}
          retryLabel={t("list.retry")}
        />
      ) : !worker ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only" role="status">
            {t("list.loading")}
          </span>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <>
          <Card>
            <CardBody>
              <KeyValueList layout="stacked">
                <KeyValueItem label={t("worker.id")} mono>
                  {worker.id}
                </KeyValueItem>
                <KeyValueItem label={t("worker.name")}>{worker.displayName ?? "—"}</KeyValueItem>
                <KeyValueItem label={t("worker.joined")}>{format.date(worker.createdAt)}</KeyValueItem>
              </KeyValueList>
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2" ref={heading} tabIndex={-1}>
                {t("worker.standing")}
              </CardTitle>
            </CardHeader>
            <CardBody>
              <DataTable
                caption={t("worker.standing")}
                captionHidden
                columns={columns}
                rows={worker.types}
                getRowId={(row) => row.type}
                empty={{ titleAs: "h3", title: t("worker.noStanding") }}
              />
            </CardBody>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t("worker.history")}</CardTitle>
            </CardHeader>
            <CardBody>
              {worker.history.length === 0 ? (
                <EmptyState titleAs="h3" title={t("worker.noHistory")} />
              ) : (
                <ol className="flex flex-col divide-y divide-border">
                  {worker.history.map((event) => (
                    <li key={event.id} className="flex flex-col gap-1 py-3">
                      <span className="font-medium">
                        {t(`history.${event.action.replace("worker_skill.", "")}`, {
                          defaultValue: event.action,
                          type: event.type ?? "",
                        })}
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {t("history.by", {
                          who: event.actorEmail ?? t("history.deleted"),
                          role: t(`roles.${event.actorRole}`),
                          when: format.dateTime(event.at),
                        })}
                      </span>
                      {event.reason ? <span className="text-sm break-words">{event.reason}</span> : null}
                    </li>
                  ))}
                </ol>
              )}
            </CardBody>
          </Card>
        </>
      )}
      <StandingDialog request={request} onClose={close} onDone={done} />
    </ModerationLayout>
  )
}
