import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Badge, Field, TextInput, useFormatter, type TableColumn } from "@manyhands/design-system"
import { AdminFormCard, AmountField, ConfirmDialog, CurrencyField, NoteField } from "../../admin-lists"
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
import { useApi } from "../../api"
import { CheckboxField, useForm, type FieldErrors } from "../../forms"
import { minorToMicro } from "../../money/shared/money-parts"
import { useShellServices } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import { codesApi, PROMO_CODE_MAX_LENGTH, type NewPromoCode, type PromoCode } from "@manyhands/contract/codes"
import type { Currency } from "@manyhands/contract/money"
import { CodesAdminLayout, PromoStatusBadge, useCodeFailure, useCodeListLabels } from "../shared/code-parts"

export interface AdminPromoCodesScreenProps {
  /** GET /api/v2/admin/promo-codes: the newest codes with their counts, preloaded by the route. */
  adminPromoCodes?: Page<PromoCode>
}

/** /admin/promo-codes: create promo codes, see how often each was used, and disable one. */
export default function AdminPromoCodesScreen({ adminPromoCodes }: AdminPromoCodesScreenProps) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  const labels = useCodeListLabels()
  const [page, setPage] = useState(1)
  const list = useApi(codesApi.adminPromoCodes.url(null, { page: page > 1 ? page : undefined }), {
    initial: page > 1 ? undefined : adminPromoCodes,
  })
  const disabling = useRowDialog<PromoCode>()
  const [notice, setNotice] = useState<Notice | null>(null)

  const disabled = (next: Notice) => {
    setNotice(next)
    list.retry()
  }

  const period = (promo: PromoCode) =>
    promo.startsAt && promo.expiresAt
      ? t("admin.promos.period.between", {
          from: format.dateTime(promo.startsAt),
          to: format.dateTime(promo.expiresAt),
        })
      : promo.startsAt
        ? t("admin.promos.period.from", { from: format.dateTime(promo.startsAt) })
        : promo.expiresAt
          ? t("admin.promos.period.until", { to: format.dateTime(promo.expiresAt) })
          : t("admin.promos.period.always")

  const columns: TableColumn<PromoCode>[] = [
    {
      key: "code",
      header: t("admin.promos.columns.code"),
      rowHeader: true,
      cell: (promo) => (
        <span className="flex flex-col items-start gap-1">
          <span className="font-mono font-semibold break-all">{promo.code}</span>
          {promo.newCustomersOnly ? (
            <Badge tone="promo" size="sm">
              {t("admin.promos.newCustomers")}
            </Badge>
          ) : null}
          {promo.note ? (
            <span className="text-sm text-muted-foreground break-words">{promo.note}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: "amount",
      header: t("admin.promos.columns.bonus"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (promo) => money(promo.amount, promo.currency),
    },
    {
      key: "redemptions",
      header: t("admin.promos.columns.redemptions"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (promo) =>
        promo.maxRedemptions === null
          ? t("admin.promos.countUnlimited", {
              count: promo.redemptions,
              used: format.number(promo.redemptions),
            })
          : t("admin.promos.countOf", {
              used: format.number(promo.redemptions),
              max: format.number(promo.maxRedemptions),
            }),
    },
    {
      key: "period",
      header: t("admin.promos.columns.period"),
      cell: (promo) => <span className="text-sm">{period(promo)}</span>,
    },
    {
      key: "status",
      header: t("admin.promos.columns.status"),
      cell: (promo) => <PromoStatusBadge status={promo.status} />,
    },
    actionsColumn(t("admin.promos.columns.actions"), (promo) =>
      promo.status === "disabled" ? null : (
        <RowDialogButton
          name={t("admin.promos.disable.buttonOf", { code: promo.code })}
          onOpen={(button) => disabling.open(promo, button)}
        >
          {t("admin.promos.disable.button")}
        </RowDialogButton>
      ),
    ),
  ]

  return (
    <CodesAdminLayout
      page="promos"
      titleId="admin-promos-title"
      title={t("admin.promos.title")}
      lead={t("admin.promos.lead")}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("admin.dismiss")} />
      <CreateForm
        onCreated={(promo) => {
          setNotice({ tone: "success", text: t("admin.promos.create.done", { code: promo.code }) })
          setPage(1)
          list.retry()
        }}
      />
      <SettingsCard id="admin-promos-list" title={t("admin.promos.list.title")} region={false}>
        <PagedListSection
          list={list}
          page={page}
          onPageChange={setPage}
          labels={labels}
          caption={t("admin.promos.list.title")}
          columns={columns}
          empty={{ titleAs: "h3", title: t("admin.promos.list.empty") }}
        />
      </SettingsCard>
      <ConfirmDialog
        dialog={disabling}
        title={(promo) => t("admin.promos.disable.title", { code: promo.code })}
        description={(promo) => t("admin.promos.disable.text", { used: format.number(promo.redemptions) })}
        cancelLabel={t("admin.cancel")}
        confirmLabel={t("admin.promos.disable.confirm")}
        failedLabel={t("admin.loadError")}
        confirm={(promo) => api.send<PromoCode>("POST", codesApi.disablePromoCode.url({ id: promo.id }))}
        onConfirmed={(_, promo) =>
          disabled({ tone: "success", text: t("admin.promos.disable.done", { code: promo.code }) })
        }
        onRefused={(failure, promo) =>
          disabled({
            tone: "warning",
            text: t("admin.promos.disable.conflict", { code: promo.code, reason: failure.message }),
          })
        }
      />
    </CodesAdminLayout>
  )
}

interface CreateValues {
  code: string
  /** Minor units, as MoneyInput gives them. */
  amount: number | null
  currency: Currency
  /** Empty: no limit. */
  maxRedemptions: string
  /** datetime-local values (the admin's own time), empty for none. */
  startsAt: string
  expiresAt: string
  newCustomersOnly: boolean
  note: string
}

const EMPTY: CreateValues = {
  code: "",
  amount: null,
  currency: "USD",
  maxRedemptions: "",
  startsAt: "",
  expiresAt: "",
  newCustomersOnly: false,
  note: "",
}

/** A datetime-local value ("2026-06-01T09:00", the browser's time zone) as ISO 8601, or null. */
const isoOf = (local: string) => (local === "" ? null : new Date(local).toISOString())

function CreateForm({ onCreated }: { onCreated: (promo: PromoCode) => void }) {
  const { t } = useTranslation("codes")
  const { api } = useShellServices()
  const translate = useCodeFailure()
  const form = useForm<CreateValues>({
    initial: EMPTY,
    validate: (values) => {
      const errors: FieldErrors<CreateValues> = {}
      const key = values.code.replace(/[\s_-]/g, "")
      if (!/^[0-9A-Z]{3,32}$/.test(key)) errors.code = t("errors.PROMO_CODE_INVALID")
      if (!values.amount) errors.amount = t("admin.promos.create.errors.amount")
      if (values.maxRedemptions !== "") {
        const max = Number(values.maxRedemptions)
        if (!Number.isInteger(max) || max < 1) errors.maxRedemptions = t("admin.promos.create.errors.max")
      }
      if (values.startsAt !== "" && values.expiresAt !== "" && values.startsAt >= values.expiresAt)
        errors.startsAt = t("admin.promos.create.errors.order")
      return errors
    },
    submit: async (values) => {
      const body: NewPromoCode = {
        code: values.code,
        amount: minorToMicro(values.amount ?? 0, values.currency),
        currency: values.currency,
        maxRedemptions: values.maxRedemptions === "" ? null : Number(values.maxRedemptions),
        startsAt: isoOf(values.startsAt),
        expiresAt: isoOf(values.expiresAt),
        newCustomersOnly: values.newCustomersOnly,
        note: values.note.trim() || null,
      }
      let promo: PromoCode
      try {
        promo = await api.send<PromoCode>("POST", codesApi.createPromoCode.url(), body)
      } catch (error) {
        throw translate(error)
      }
      form.reset()
      onCreated(promo)
    },
  })
  return (
    <AdminFormCard
      id="admin-promos-create"
      title={t("admin.promos.create.title")}
      description={t("admin.promos.create.description")}
      form={form}
      refusedTitle={t("admin.promos.create.refused")}
      submitLabel={t("admin.promos.create.submit")}
    >
      <Field
        label={t("admin.promos.create.code")}
        hint={t("admin.promos.create.codeHint")}
        {...form.field("code")}
      >
        <TextInput
          name="code"
          value={form.values.code}
          onChange={(event) => form.set("code", event.target.value.toUpperCase())}
          onBlur={() => form.touch("code")}
          maxLength={PROMO_CODE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          className="max-w-sm font-mono"
        />
      </Field>
      <CurrencyField form={form} label={t("admin.promos.create.currency")} />
      <div className="grid gap-5 sm:grid-cols-2">
        <AmountField
          form={form}
          name="amount"
          label={t("admin.promos.create.amount", { currency: form.values.currency })}
        />
        <Field
          label={t("admin.promos.create.max")}
          hint={t("admin.promos.create.maxHint")}
          {...form.field("maxRedemptions")}
        >
          <TextInput {...form.input("maxRedemptions")} type="number" inputMode="numeric" min={1} />
        </Field>
        <Field
          label={t("admin.promos.create.startsAt")}
          hint={t("admin.promos.create.startsAtHint")}
          {...form.field("startsAt")}
        >
          <TextInput {...form.input("startsAt")} type="datetime-local" />
        </Field>
        <Field
          label={t("admin.promos.create.expiresAt")}
          hint={t("admin.promos.create.expiresAtHint")}
          {...form.field("expiresAt")}
        >
          <TextInput {...form.input("expiresAt")} type="datetime-local" />
        </Field>
      </div>
      <CheckboxField
        id={form.fieldId("newCustomersOnly")}
        error={form.fieldError("newCustomersOnly")}
        label={t("admin.promos.create.newCustomersOnly")}
        description={t("admin.promos.create.newCustomersOnlyHint")}
        checked={form.values.newCustomersOnly}
        onCheckedChange={(checked) => form.set("newCustomersOnly", checked)}
      />
      <NoteField form={form} label={t("admin.promos.create.note")} hint={t("admin.promos.create.noteHint")} />
    </AdminFormCard>
  )
}
