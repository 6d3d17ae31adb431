import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, ButtonGroup, Select } from "@manyhands/design-system"
import {
  QUEUE_VIEWS,
  TICKET_AUDIENCES,
  TICKET_STATUSES,
  supportApi,
  type TicketQueue,
  type Tickets,
} from "@manyhands/contract/support"
import { useApi } from "../api"
import { LinkButton, PagedCardGrid } from "../blocks"
import { Section } from "../layout/section"
import { useShellServices } from "../shell-context"
import { PushSettings } from "../push/push-settings"
import { NS, TicketCard } from "./ticket-parts"

export interface TicketsScreenProps {
  /** GET /api/v1/support/tickets (the first page), preloaded by the route. */
  supportTickets?: Tickets
}

/** /support/tickets: the reader's tickets, the latest message first; for staff, the support queue above them. */
export default function TicketsScreen({ supportTickets }: TicketsScreenProps) {
  const { t } = useTranslation(NS)
  const { user } = useShellServices()
  const staff = Boolean(user?.permissions.admin || user?.permissions.moderator)
  const [page, setPage] = useState(1)
  const answer = useApi<Tickets>(supportApi.mine.url({}, page > 1 ? { page: page - 1 } : {}), {
    initial: page === 1 ? supportTickets : undefined,
  })
  const shown = answer.data ?? answer.last
  return (
    <Section>
      {staff && <Queue />}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          {/* For staff the queue is the page (its h1); their own tickets follow it. */}
          {staff ? (
            <h2 className="mb-2 text-2xl font-semibold text-foreground">{t("list.title")}</h2>
          ) : (
            <h1 className="mb-2 text-3xl font-bold tracking-tight text-foreground">{t("list.title")}</h1>
          )}
          <p className="text-base text-muted-foreground">{t("list.lead")}</p>
        </div>
        <LinkButton to="/support/tickets/new">{t("list.new")}</LinkButton>
      </div>
      <PushSettings compact />
      <PagedCardGrid
        list
        items={shown?.records}
        getKey={(ticket) => ticket.id}
        card={(ticket) => <TicketCard ticket={ticket} headingLevel={staff ? 3 : 2} />}
        failure={answer.failure}
        onRetry={answer.retry}
        empty={{ titleAs: "p", title: t("list.empty"), description: t("list.emptyHint") }}
        page={page}
        pageCount={shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1}
        onPageChange={setPage}
        labels={{
          error: t("list.loadFailed"),
          retry: t("list.retry"),
          loading: t("list.loading"),
          pagination: t("list.pagination"),
        }}
        placeholders={{ count: 2, className: "h-24" }}
      />
    </Section>
  )
}

type View = (typeof QUEUE_VIEWS)[number]
const ANY = "any"

/** Staff's queue: a view, a status and an audience; the tickets waiting longest first. */
function Queue() {
  const { t } = useTranslation(NS)
  const [view, setView] = useState<View>("waiting")
  const [status, setStatus] = useState<string>(ANY)
  const [audience, setAudience] = useState<string>(ANY)
  const [page, setPage] = useState(1)
  const answer = useApi<TicketQueue>(
    supportApi.queue.url(
      {},
      {
        ...(view === "waiting" ? {} : { view }),
        ...(status === ANY ? {} : { status: status as (typeof TICKET_STATUSES)[number] }),
        ...(audience === ANY ? {} : { audience: audience as (typeof TICKET_AUDIENCES)[number] }),
        ...(page > 1 ? { page: page - 1 } : {}),
      },
    ),
  )
  const shown = answer.data ?? answer.last
  return (
    <section aria-labelledby="support-queue" className="mb-12 flex flex-col gap-4">
      <div>
        <h1 id="support-queue" className="mb-1 text-3xl font-bold tracking-tight text-foreground">
          {t("queue.title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("queue.lead")}</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <ButtonGroup label={t("queue.views.label")}>
          {QUEUE_VIEWS.map((each) => (
            <Button
              key={each}
              variant={each === view ? "primary" : "secondary"}
              aria-pressed={each === view}
              onClick={() => {
                setView(each)
                setPage(1)
              }}
            >
              {t(`queue.views.${each}`)}
            </Button>
          ))}
        </ButtonGroup>
        <div className="w-full sm:w-52">
          <Select
            aria-label={t("queue.statusFilter")}
            value={status}
            onValueChange={(value) => {
              setStatus(value)
              setPage(1)
            }}
            options={[
              { value: ANY, label: t("queue.anyStatus") },
              ...TICKET_STATUSES.map((each) => ({ value: each, label: t(`staffStatus.${each}`) })),
            ]}
          />
        </div>
        <div className="w-full sm:w-52">
          <Select
            aria-label={t("queue.audience")}
            value={audience}
            onValueChange={(value) => {
              setAudience(value)
              setPage(1)
            }}
            options={[
              { value: ANY, label: t("queue.anyAudience") },
              ...TICKET_AUDIENCES.map((each) => ({ value: each, label: t(`audience.${each}`) })),
            ]}
          />
        </div>
      </div>
      <PagedCardGrid
        list
        items={shown?.records}
        getKey={(ticket) => ticket.id}
        card={(ticket) => <TicketCard ticket={ticket} staff headingLevel={2} />}
        summary={
          shown && (
            <p className="text-sm text-muted-foreground">{t("queue.count", { count: shown.totalCount })}</p>
          )
        }
        failure={answer.failure}
        onRetry={answer.retry}
        empty={{ titleAs: "p", title: t("queue.empty") }}
        page={page}
        pageCount={shown ? Math.max(1, Math.ceil(shown.totalCount / shown.pageSize)) : 1}
        onPageChange={setPage}
        labels={{
          error: t("queue.loadFailed"),
          retry: t("list.retry"),
          loading: t("list.loading"),
          pagination: t("list.pagination"),
        }}
        placeholders={{ count: 2, className: "h-24" }}
      />
    </section>
  )
}
