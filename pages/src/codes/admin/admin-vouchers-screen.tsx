import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  Alert,
  Button,
  CopyButton,
  ErrorState,
  Field,
  Modal,
  ModalClose,
  MoneyInput,
  RadioGroup,
  Table,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextInput,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { useMicroMoney } from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { useQueryData } from "../../customer/statistics/shared/use-query-data"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { minorToMicro } from "../../money/shared/money-parts"
import { ApiFailure, useShellServices } from "../../shell-context"
import {
  CODES_URLS,
  VOUCHER_STATUSES,
  type Currency,
  type IssuedVouchers,
  type Page,
  type Voucher,
} from "../codes-data"
import { CodesAdminLayout, VoucherStatusBadge } from "../shared/code-parts"

const TABS = ["all", ...VOUCHER_STATUSES] as const
type Tab = (typeof TABS)[number]
const CURRENCIES: Currency[] = ["USD", "RUB"]
const MAX_COUNT = 100

interface Filters {
  status: Tab
  page: number
}

/** The tab and page in the address (?status=&page=); anything unknown is the first page of all vouchers. */
function readFilters(params: URLSearchParams): Filters {
  const status = params.get("status") ?? ""
  const page = Number(params.get("page"))
  return {
    status: (TABS as readonly string[]).includes(status) ? (status as Tab) : "all",
    page: Number.isInteger(page) && page > 1 ? page : 1,
  }
}

/** As GET /api/v2/admin/vouchers takes them; "" for the first page of all (the route preloads it). */
function filterQuery({ status, page }: Filters): string {
  const query = new URLSearchParams()
  if (status !== "all") query.set("status", status)
  if (page > 1) query.set("page", String(page))
  return query.toString()
}

export interface AdminVouchersScreenProps {
  /** GET /api/v2/admin/vouchers: the newest vouchers, preloaded by the route. */
  adminVouchers?: Page<Voucher>
}

type Notice = { tone: "success" | "warning"; text: string }

/**
 * /admin/vouchers: issue PayPal vouchers (each code shown once, right after issuing), and the list of vouchers by
 * status, where an issued one can be revoked.
 */
export default function AdminVouchersScreen({ adminVouchers }: AdminVouchersScreenProps) {
  const { t } = useTranslation("codes")
  const format = useFormatter()
  const money = useMicroMoney()
  const [params, setParams] = useSearchParams()
  const filters = readFilters(params)
  const list = useQueryData(CODES_URLS.adminVouchers, filterQuery(filters), adminVouchers)
  const [issued, setIssued] = useState<IssuedVouchers["vouchers"] | null>(null)
  const [revoking, setRevoking] = useState<Voucher | null>(null)
  const [notice, setNotice] = useState<Notice | null>(null)
  const opener = useRef<HTMLElement | null>(null)

  const apply = (next: Filters) =>
    setParams(
      (current) => {
        const merged = new URLSearchParams(current)
        merged.delete("status")
        merged.delete("page")
        for (const [key, value] of new URLSearchParams(filterQuery(next))) merged.set(key, value)
        return merged
      },
      { replace: true, preventScrollReset: true },
    )

  const known = list.data ?? list.last
  const pageCount = known ? Math.ceil(known.total / Math.max(1, known.pageSize)) : 0

  const columns: TableColumn<Voucher>[] = [
    {
      key: "code",
      header: t("admin.vouchers.columns.code"),
      rowHeader: true,
      cell: (voucher) => <span className="font-mono whitespace-nowrap">…{voucher.last4}</span>,
    },
    {
      key: "amount",
      header: t("admin.vouchers.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (voucher) => money(voucher.amount, voucher.currency),
    },
    {
      key: "note",
      header: t("admin.vouchers.columns.note"),
      cell: (voucher) =>
        voucher.note ? (
          <span className="break-words">{voucher.note}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      key: "createdAt",
      header: t("admin.vouchers.columns.issued"),
      cell: (voucher) => (
        <span className="@min-[40rem]:whitespace-nowrap">{format.dateTime(voucher.createdAt)}</span>
      ),
    },
    {
      key: "status",
      header: t("admin.vouchers.columns.status"),
      cell: (voucher) => (
        <span className="flex flex-col items-start gap-1">
          <VoucherStatusBadge status={voucher.status} />
          {voucher.redeemedAt ? (
            <span className="text-sm text-muted-foreground">
              {t("admin.vouchers.redeemedBy", {
                email: voucher.redeemedBy ?? t("admin.deletedAccount"),
                date: format.dateTime(voucher.redeemedAt),
              })}
            </span>
          ) : null}
          {voucher.revokedAt ? (
            <span className="text-sm text-muted-foreground">{format.dateTime(voucher.revokedAt)}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("admin.vouchers.columns.actions")}</span>,
      label: t("admin.vouchers.columns.actions"),
      align: "end",
      cell: (voucher) =>
        voucher.status === "issued" ? (
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            aria-label={t("admin.vouchers.revoke.buttonOf", { last4: voucher.last4 })}
            onClick={(event) => {
              opener.current = event.currentTarget
              setRevoking(voucher)
            }}
          >
            {t("admin.vouchers.revoke.button")}
          </Button>
        ) : null,
    },
  ]

  return (
    <CodesAdminLayout
      page="vouchers"
      titleId="admin-vouchers-title"
      title={t("admin.vouchers.title")}
      lead={t("admin.vouchers.lead")}
    >
      {issued ? (
        <IssuedCodes vouchers={issued} onDone={() => setIssued(null)} />
      ) : (
        <IssueForm
          onIssued={(vouchers) => {
            setIssued(vouchers)
            list.retry()
          }}
        />
      )}
      <SettingsCard id="admin-vouchers-list" title={t("admin.vouchers.list.title")} region={false}>
        <div role="status" className="empty:hidden">
          {notice ? (
            <Alert
              role="none"
              tone={notice.tone}
              onDismiss={() => setNotice(null)}
              dismissLabel={t("admin.dismiss")}
            >
              {notice.text}
            </Alert>
          ) : null}
        </div>
        <Tabs value={filters.status} onValueChange={(status) => apply({ status: status as Tab, page: 1 })}>
          <TabsList aria-label={t("admin.vouchers.list.tabs")}>
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {t(`admin.vouchers.tabs.${tab}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab} value={tab} className="mt-4">
              {list.failure ? (
                <ErrorState
                  size="section"
                  titleAs="h3"
                  title={t("admin.loadError")}
                  description={list.failure}
                  onRetry={list.retry}
                  retryLabel={t("admin.retry")}
                />
              ) : (
                <Table
                  caption={t(`admin.vouchers.tabs.${tab}`)}
                  captionHidden
                  columns={columns}
                  rows={list.data?.items ?? []}
                  loading={list.loading}
                  loadingRows={Math.min(5, known?.items.length || 5)}
                  empty={{ titleAs: "h3", title: t(`admin.vouchers.empty.${tab}`) }}
                  pagination={
                    pageCount > 1
                      ? {
                          page: filters.page,
                          pageCount,
                          onPageChange: (page) => apply({ ...filters, page }),
                          disabled: list.loading,
                          label: t("admin.pagination"),
                        }
                      : undefined
                  }
                />
              )}
            </TabsContent>
          ))}
        </Tabs>
      </SettingsCard>
      <RevokeDialog
        voucher={revoking}
        onClose={() => {
          setRevoking(null)
          requestAnimationFrame(() => opener.current?.focus())
        }}
        onDone={(next) => {
          setRevoking(null)
          setNotice(next)
          list.retry()
        }}
      />
    </CodesAdminLayout>
  )
}

interface IssueValues {
  /** Minor units (cents), as MoneyInput gives them. */
  amount: number | null
  currency: Currency
  count: string
  note: string
}

function IssueForm({ onIssued }: { onIssued: (vouchers: IssuedVouchers["vouchers"]) => void }) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const form = useForm<IssueValues>({
    initial: { amount: null, currency: "USD", count: "1", note: "" },
    validate: (values) => {
      const errors: FieldErrors<IssueValues> = {}
      if (!values.amount) errors.amount = t("admin.vouchers.issue.errors.amount")
      const count = Number(values.count)
      if (!Number.isInteger(count) || count < 1 || count > MAX_COUNT)
        errors.count = t("admin.vouchers.issue.errors.count", { max: MAX_COUNT })
      return errors
    },
    submit: async (values) => {
      const answer = await api.send<IssuedVouchers>("POST", CODES_URLS.adminVouchers, {
        amount: minorToMicro(values.amount ?? 0, values.currency),
        currency: values.currency,
        count: Number(values.count),
        note: values.note.trim() || null,
      })
      onIssued(answer.vouchers)
    },
  })
  return (
    <SettingsCard
      id="admin-vouchers-issue"
      title={t("admin.vouchers.issue.title")}
      description={t("admin.vouchers.issue.description")}
    >
      <form className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("admin.vouchers.issue.currency")} {...form.field("currency")}>
          <RadioGroup
            name="currency"
            orientation="horizontal"
            value={form.values.currency}
            onValueChange={(value) => form.set("currency", value as Currency)}
            options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t("admin.vouchers.issue.amount", { currency: form.values.currency })}
            {...form.field("amount")}
          >
            <MoneyInput
              name="amount"
              currency={form.values.currency}
              value={form.values.amount}
              onChange={(amount) => form.set("amount", amount)}
              onBlur={() => form.touch("amount")}
            />
          </Field>
          <Field
            label={t("admin.vouchers.issue.count")}
            hint={t("admin.vouchers.issue.countHint", { max: MAX_COUNT })}
            {...form.field("count")}
          >
            <TextInput {...form.input("count")} type="number" inputMode="numeric" min={1} max={MAX_COUNT} />
          </Field>
        </div>
        <Field
          label={t("admin.vouchers.issue.note")}
          hint={t("admin.vouchers.issue.noteHint")}
          {...form.field("note")}
        >
          <TextInput {...form.input("note")} maxLength={500} autoComplete="off" />
        </Field>
        <FormError message={form.formError} title={t("admin.vouchers.issue.refused")} />
        <div>
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            {t("admin.vouchers.issue.submit")}
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}

/** The new codes, this once: copy them all, then confirm; they cannot be shown again. */
function IssuedCodes({ vouchers, onDone }: { vouchers: IssuedVouchers["vouchers"]; onDone: () => void }) {
  const { t } = useTranslation("codes")
  const money = useMicroMoney()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const first = vouchers[0]!
  const all = vouchers.map((voucher) => voucher.code).join("\n")
  return (
    <section
      aria-labelledby="admin-vouchers-issued"
      className="flex flex-col gap-5 rounded-lg border border-warning bg-surface p-6"
    >
      <h2
        id="admin-vouchers-issued"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold outline-none"
      >
        {t("admin.vouchers.issued.title", {
          number: vouchers.length,
          amount: money(first.amount, first.currency),
        })}
      </h2>
      <Alert tone="warning" title={t("admin.vouchers.issued.warningTitle")}>
        {t("admin.vouchers.issued.warning")}
      </Alert>
      <ol
        aria-label={t("admin.vouchers.issued.listLabel")}
        className="grid gap-x-8 gap-y-2 rounded-md border border-border bg-surface-muted p-4 font-mono text-base sm:grid-cols-2"
      >
        {vouchers.map((voucher) => (
          <li key={voucher.id} className="tracking-wider select-all">
            {voucher.code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton value={all} label={t("admin.vouchers.issued.copyAll", { number: vouchers.length })} />
        <Button onClick={onDone}>{t("admin.vouchers.issued.done")}</Button>
      </div>
    </section>
  )
}

function RevokeDialog({
  voucher,
  onClose,
  onDone,
}: {
  voucher: Voucher | null
  onClose: () => void
  onDone: (notice: Notice) => void
}) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const money = useMicroMoney()
  const [submitting, setSubmitting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The last voucher stays in the dialog while it closes.
  const [last, setLast] = useState(voucher)
  if (voucher && voucher !== last) {
    setLast(voucher)
    setFailure(null)
  }
  const shown = voucher ?? last
  const subject = shown ? { last4: shown.last4, amount: money(shown.amount, shown.currency) } : {}

  const revoke = async () => {
    if (!shown) return
    setSubmitting(true)
    setFailure(null)
    try {
      await api.send<Voucher>("POST", CODES_URLS.revokeVoucher(shown.id))
      onDone({ tone: "success", text: t("admin.vouchers.revoke.done", subject) })
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 409)
        onDone({
          tone: "warning",
          text: t("admin.vouchers.revoke.conflict", { ...subject, reason: error.message }),
        })
      else setFailure(error instanceof ApiFailure ? error.message : t("admin.loadError"))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <Modal
      open={voucher !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) onClose()
      }}
      title={t("admin.vouchers.revoke.title", subject)}
      description={t("admin.vouchers.revoke.text")}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={submitting}>
              {t("admin.cancel")}
            </Button>
          </ModalClose>
          <Button
            variant="primary-danger"
            loading={submitting}
            disabled={submitting}
            onClick={() => void revoke()}
          >
            {t("admin.vouchers.revoke.confirm")}
          </Button>
        </>
      }
    >
      <FormError message={failure} />
    </Modal>
  )
}
