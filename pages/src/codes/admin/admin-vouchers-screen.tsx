import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  CopyButton,
  Field,
  TextInput,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import {
  AdminFormCard,
  AmountField,
  ConfirmDialog,
  CurrencyField,
  NoteField,
  StatusTabs,
  useStatusFilters,
} from "../../admin-lists"
import {
  PagedListSection,
  useMicroMoney,
  NoticeRegion,
  RowDialogButton,
  actionsColumn,
  useRowDialog,
  type Notice,
} from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { useApi, withQueryString } from "../../api"
import { useForm, type FieldErrors } from "../../forms"
import { minorToMicro } from "../../money/shared/money-parts"
import { useShellServices } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import {
  codesApi,
  MAX_VOUCHERS_PER_ISSUE,
  VOUCHER_STATUSES,
  type IssuedVouchers,
  type Voucher,
} from "@manyhands/contract/codes"
import type { Currency } from "@manyhands/contract/money"
import { CodesAdminLayout, VoucherStatusBadge, useCodeListLabels } from "../shared/code-parts"

/** The tabs, the first (all vouchers) when the address names none. */
const TABS = ["all", ...VOUCHER_STATUSES] as const

export interface AdminVouchersScreenProps {
  /** GET /api/v2/admin/vouchers: the newest vouchers, preloaded by the route. */
  adminVouchers?: Page<Voucher>
}

/**
 * /admin/vouchers: issue PayPal vouchers (each code shown once, right after issuing), and the list of vouchers by
 * status, where an issued one can be revoked.
 */
export default function AdminVouchersScreen({ adminVouchers }: AdminVouchersScreenProps) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  const labels = useCodeListLabels()
  const filters = useStatusFilters(TABS)
  const list = useApi(withQueryString(codesApi.adminVouchers.url(), filters.query), {
    initial: filters.query === "" ? adminVouchers : undefined,
  })
  const [issued, setIssued] = useState<IssuedVouchers["vouchers"] | null>(null)
  const revoking = useRowDialog<Voucher>()
  const [notice, setNotice] = useState<Notice | null>(null)

  const about = (voucher: Voucher) => ({
    last4: voucher.last4,
    amount: money(voucher.amount, voucher.currency),
  })
  const revoked = (next: Notice) => {
    setNotice(next)
    list.retry()
  }

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
    actionsColumn(t("admin.vouchers.columns.actions"), (voucher) =>
      voucher.status === "issued" ? (
        <RowDialogButton
          name={t("admin.vouchers.revoke.buttonOf", { last4: voucher.last4 })}
          onOpen={(button) => revoking.open(voucher, button)}
        >
          {t("admin.vouchers.revoke.button")}
        </RowDialogButton>
      ) : null,
    ),
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
        <NoticeRegion
          notice={notice}
          onDismiss={() => setNotice(null)}
          dismissLabel={t("admin.dismiss")}
          className="empty:hidden"
        />
        <StatusTabs
          filters={filters}
          label={t("admin.vouchers.list.tabs")}
          tabLabel={(tab) => t(`admin.vouchers.tabs.${tab}`)}
        >
          {(tab) => (
            <PagedListSection
              list={list}
              page={filters.page}
              onPageChange={filters.setPage}
              labels={labels}
              caption={t(`admin.vouchers.tabs.${tab}`)}
              columns={columns}
              empty={{ titleAs: "h3", title: t(`admin.vouchers.empty.${tab}`) }}
            />
          )}
        </StatusTabs>
      </SettingsCard>
      <ConfirmDialog
        dialog={revoking}
        title={(voucher) => t("admin.vouchers.revoke.title", about(voucher))}
        description={() => t("admin.vouchers.revoke.text")}
        cancelLabel={t("admin.cancel")}
        confirmLabel={t("admin.vouchers.revoke.confirm")}
        failedLabel={t("admin.loadError")}
        confirm={(voucher) => api.send<Voucher>("POST", codesApi.revokeVoucher.url({ id: voucher.id }))}
        onConfirmed={(_, voucher) =>
          revoked({ tone: "success", text: t("admin.vouchers.revoke.done", about(voucher)) })
        }
        onRefused={(failure, voucher) =>
          revoked({
            tone: "warning",
            text: t("admin.vouchers.revoke.conflict", { ...about(voucher), reason: failure.message }),
          })
        }
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
      if (!Number.isInteger(count) || count < 1 || count > MAX_VOUCHERS_PER_ISSUE)
        errors.count = t("admin.vouchers.issue.errors.count", { max: MAX_VOUCHERS_PER_ISSUE })
      return errors
    },
    submit: async (values) => {
      const answer = await api.send<IssuedVouchers>("POST", codesApi.issueVouchers.url(), {
        amount: minorToMicro(values.amount ?? 0, values.currency),
        currency: values.currency,
        count: Number(values.count),
        note: values.note.trim() || null,
      })
      onIssued(answer.vouchers)
    },
  })
  return (
    <AdminFormCard
      id="admin-vouchers-issue"
      title={t("admin.vouchers.issue.title")}
      description={t("admin.vouchers.issue.description")}
      form={form}
      refusedTitle={t("admin.vouchers.issue.refused")}
      submitLabel={t("admin.vouchers.issue.submit")}
    >
      <CurrencyField form={form} label={t("admin.vouchers.issue.currency")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <AmountField
          form={form}
          name="amount"
          label={t("admin.vouchers.issue.amount", { currency: form.values.currency })}
        />
        <Field
          label={t("admin.vouchers.issue.count")}
          hint={t("admin.vouchers.issue.countHint", { max: MAX_VOUCHERS_PER_ISSUE })}
          {...form.field("count")}
        >
          <TextInput
            {...form.input("count")}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_VOUCHERS_PER_ISSUE}
          />
        </Field>
      </div>
      <NoteField
        form={form}
        label={t("admin.vouchers.issue.note")}
        hint={t("admin.vouchers.issue.noteHint")}
      />
    </AdminFormCard>
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
