import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  DateRangePicker,
  Field,
  StarIcon,
  DataTable,
  TextInput,
  useFormatter,
  type DateRange,
  type SidebarSection,
  type TableColumn,
} from "@manyhands/design-system"
import { AdminFormCard, AmountField, ConfirmDialog, CurrencyField } from "../../admin-lists"
import {
  AreaLayout,
  useMicroMoney,
  NoticeRegion,
  RowDialogButton,
  actionsColumn,
  useRowDialog,
  type Notice,
} from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { useForm, type FieldErrors } from "../../forms"
import { minorToMicro } from "../../money/shared/money-parts"
import { ApiFailure, useShellServices } from "../../shell-context"
import {
  discountsApi,
  NAME_LANGUAGES,
  NAME_MAX_LENGTH,
  type AdminCampaignList,
  type AdminDiscountCampaign,
  type CampaignInput,
} from "@manyhands/contract/discounts"
import type { Currency } from "@manyhands/contract/money"
import { daysToWindow } from "../discounts-data"
import { CampaignStateBadge, useCampaignTexts } from "../shared/campaign-parts"

const HREF = "/admin/discount-campaigns"
/** The other languages a campaign's name may be given in (the site's; English is the required one). */
const OTHER_LANGUAGES = NAME_LANGUAGES.filter((language) => language !== "en")

export interface AdminDiscountCampaignsScreenProps {
  /** GET /api/v2/admin/discount-campaigns, preloaded by the route. */
  adminDiscountCampaigns?: AdminCampaignList
  /** The current UTC day as "YYYY-MM-DD" (a last day before it has passed); the clock's by default. */
  today?: string
}

/** The server's order: newest start first. */
const byStart = (a: AdminDiscountCampaign, b: AdminDiscountCampaign) =>
  b.startsAt.localeCompare(a.startsAt) || Number(b.id) - Number(a.id)

/**
 * /admin/discount-campaigns: a form for a new campaign (its name, bonus, currency, amounts and days) and every
 * campaign with what it has paid; running and coming ones can be disabled.
 */
export default function AdminDiscountCampaignsScreen({
  adminDiscountCampaigns,
  today,
}: AdminDiscountCampaignsScreenProps) {
  const { t } = useTranslation("discounts")
  const { api, refresh } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  const texts = useCampaignTexts()
  // Campaigns created or disabled here show at once, before the list is fetched again.
  const [changed, setChanged] = useState<Record<string, AdminDiscountCampaign>>({})
  const [notice, setNotice] = useState<Notice | null>(null)
  const disabling = useRowDialog<AdminDiscountCampaign>()

  const loaded = adminDiscountCampaigns?.items
  const rows = loaded
    ? [
        ...loaded.map((campaign) => changed[campaign.id] ?? campaign),
        ...Object.values(changed).filter((campaign) => !loaded.some((item) => item.id === campaign.id)),
      ].sort(byStart)
    : []

  const remember = (campaign: AdminDiscountCampaign, text: string) => {
    setChanged((current) => ({ ...current, [campaign.id]: campaign }))
    setNotice({ tone: "success", text })
    void refresh(discountsApi.adminList.url())
  }

  const columns: TableColumn<AdminDiscountCampaign>[] = [
    {
      key: "name",
      header: t("admin.list.columns.name"),
      rowHeader: true,
      cell: (campaign) => {
        const translations = Object.keys(campaign.name).length - 1
        return (
          <span className="flex flex-col">
            <span className="font-medium">{campaign.name.en}</span>
            {translations > 0 ? (
              <span className="text-sm text-muted-foreground">
                {t("admin.list.translations", { count: translations })}
              </span>
            ) : null}
          </span>
        )
      },
    },
    {
      key: "bonus",
      header: t("admin.list.columns.bonus"),
      align: "numeric",
      className: "font-semibold whitespace-nowrap",
      cell: (campaign) => texts.percent(campaign),
    },
    { key: "band", header: t("admin.list.columns.band"), cell: (campaign) => texts.band(campaign) },
    {
      key: "period",
      header: t("admin.list.columns.period"),
      // One line per end, each kept whole.
      cell: (campaign) => {
        const { start, end } = texts.dates(campaign)
        return (
          <span className="flex flex-col items-start gap-1">
            <CampaignStateBadge state={campaign.state} />
            <span className="flex flex-col">
              <span className="whitespace-nowrap">{start} –</span>
              <span className="whitespace-nowrap">{end}</span>
            </span>
          </span>
        )
      },
    },
    {
      key: "paid",
      header: t("admin.list.columns.paid"),
      align: "numeric",
      cell: (campaign) =>
        campaign.bonusesPaid === 0
          ? t("admin.list.paidNone")
          : t("admin.list.paid", {
              count: campaign.bonusesPaid,
              number: format.number(campaign.bonusesPaid),
              total: money(campaign.bonusTotal, campaign.currency),
            }),
    },
    actionsColumn(t("admin.list.columns.actions"), (campaign) =>
      campaign.state === "active" || campaign.state === "upcoming" ? (
        <RowDialogButton
          name={t("admin.list.disableOf", { name: campaign.name.en })}
          onOpen={(button) => disabling.open(campaign, button)}
        >
          {t("admin.list.disable")}
        </RowDialogButton>
      ) : null,
    ),
  ]

  const nav: SidebarSection[] = [
    { items: [{ label: t("admin.nav.campaigns"), href: HREF, icon: <StarIcon />, active: true }] },
  ]

  return (
    <AreaLayout
      titleId="admin-discounts-title"
      eyebrow={t("admin.nav.eyebrow")}
      title={t("admin.title")}
      lead={t("admin.lead")}
      navLabel={t("admin.nav.label")}
      nav={nav}
    >
      <NoticeRegion notice={notice} onDismiss={() => setNotice(null)} dismissLabel={t("admin.dismiss")} />
      <CampaignForm
        today={today}
        onCreated={(campaign) => remember(campaign, t("admin.created", { name: campaign.name.en }))}
      />
      <SettingsCard id="admin-discounts-list" title={t("admin.list.title")} region={false}>
        <DataTable
          caption={t("admin.list.caption")}
          captionHidden
          columns={columns}
          rows={rows}
          getRowId={(campaign) => campaign.id}
          loading={!loaded}
          loadingRows={3}
          empty={{
            titleAs: "h3",
            icon: <StarIcon />,
            title: t("admin.list.empty.title"),
            description: t("admin.list.empty.text"),
          }}
        />
      </SettingsCard>
      <ConfirmDialog
        dialog={disabling}
        title={(campaign) => t("admin.disable.title", { name: campaign.name.en })}
        description={() => t("admin.disable.text")}
        cancelLabel={t("admin.disable.cancel")}
        confirmLabel={t("admin.disable.confirm")}
        confirm={(campaign) =>
          api.send<AdminDiscountCampaign>("POST", discountsApi.disable.url({ id: campaign.id }))
        }
        onConfirmed={(campaign) => remember(campaign, t("admin.disabled", { name: campaign.name.en }))}
        // Any refusal closes the dialog: the page says why.
        ends={() => true}
        onRefused={(failure) => setNotice({ tone: "warning", text: failure.message })}
      />
    </AreaLayout>
  )
}

interface CampaignValues {
  name: string
  /** Names in the other languages, by language; empty ones are not sent. */
  names: Record<string, string>
  /** As typed: a whole number from 1 to 100. */
  percent: string
  currency: Currency
  /** Minor units (cents), as MoneyInput gives them; null: no limit. */
  minAmount: number | null
  maxAmount: number | null
  /** The first and last day, UTC, both included. */
  days: DateRange
}

const EMPTY: CampaignValues = {
  name: "",
  names: {},
  percent: "",
  currency: "USD",
  minAmount: null,
  maxAmount: null,
  days: { from: "", to: "" },
}

function CampaignForm({
  today,
  onCreated,
}: {
  today: string | undefined
  onCreated: (campaign: AdminDiscountCampaign) => void
}) {
  const { t } = useTranslation("discounts")
  const { api } = useShellServices()
  const [daysError, setDaysError] = useState(false)
  const format = useFormatter()
  const languageNames = (code: string) => format.languageName(code)

  const form = useForm<CampaignValues>({
    initial: EMPTY,
    validate: (values) => {
      const errors: FieldErrors<CampaignValues> = {}
      const name = values.name.trim()
      if (!name) errors.name = t("admin.form.errors.nameMissing")
      else if (name.length > NAME_MAX_LENGTH)
        errors.name = t("admin.form.errors.nameTooLong", { max: NAME_MAX_LENGTH })
      if (Object.values(values.names).some((text) => text.trim().length > NAME_MAX_LENGTH))
        errors.names = t("admin.form.errors.nameTooLong", { max: NAME_MAX_LENGTH })
      const percent = Number(values.percent)
      if (!/^\d{1,3}$/.test(values.percent.trim()) || percent < 1 || percent > 100)
        errors.percent = t("admin.form.errors.percentInvalid")
      if (values.minAmount !== null && values.maxAmount !== null && values.maxAmount < values.minAmount)
        errors.maxAmount = t("admin.form.errors.maxBelowMin")
      if (daysError) errors.days = t("admin.form.errors.daysInvalid")
      else if (!values.days.from || !values.days.to) errors.days = t("admin.form.errors.daysMissing")
      // The last day is today (UTC) or still to come.
      else if (values.days.to < (today ?? new Date().toISOString().slice(0, 10)))
        errors.days = t("admin.form.errors.endsPast")
      return errors
    },
    submit: async (values) => {
      const names = Object.fromEntries(
        Object.entries(values.names)
          .map(([code, text]) => [code, text.trim()])
          .filter(([, text]) => text),
      )
      const body: CampaignInput = {
        name: { en: values.name.trim(), ...names },
        percent: Number(values.percent),
        currency: values.currency,
        minAmount: minorToMicro(values.minAmount ?? 0, values.currency),
        maxAmount: values.maxAmount === null ? null : minorToMicro(values.maxAmount, values.currency),
        ...daysToWindow(values.days.from, values.days.to),
      }
      try {
        const campaign = await api.send<AdminDiscountCampaign>("POST", discountsApi.create.url(), body)
        form.reset()
        onCreated(campaign)
      } catch (error) {
        // The server names startsAt or endsAt; here both are the one days field.
        const fields = error instanceof ApiFailure ? error.fields : {}
        const days = fields.endsAt ?? fields.startsAt
        if (error instanceof ApiFailure && days)
          throw new ApiFailure(error.message, error.code, error.status, { ...fields, days })
        throw error
      }
    },
  })

  const { values } = form
  return (
    <AdminFormCard
      id="admin-discounts-form"
      title={t("admin.form.title")}
      description={t("admin.form.description")}
      form={form}
      refusedTitle={t("admin.form.refused")}
      submitLabel={t("admin.form.submit")}
    >
      <Field label={t("admin.form.name")} hint={t("admin.form.nameHint")} required {...form.field("name")}>
        <TextInput {...form.input("name")} autoComplete="off" maxLength={NAME_MAX_LENGTH + 20} />
      </Field>
      <details className="group rounded-md border border-border">
        <summary className="cursor-pointer rounded-md px-4 py-3 text-sm font-medium text-foreground focus-ring">
          {t("admin.form.translations")}
        </summary>
        <div className="flex flex-col gap-4 border-t border-border p-4">
          <p className="text-sm text-muted-foreground">{t("admin.form.translationsHint")}</p>
          {form.fieldError("names") ? <Alert tone="danger">{form.fieldError("names")}</Alert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {OTHER_LANGUAGES.map((code) => (
              <Field key={code} label={t("admin.form.languageName", { language: languageNames(code) })}>
                <TextInput
                  name={`name-${code}`}
                  lang={code}
                  autoComplete="off"
                  value={values.names[code] ?? ""}
                  onChange={(event) => form.set("names", { ...values.names, [code]: event.target.value })}
                />
              </Field>
            ))}
          </div>
        </div>
      </details>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t("admin.form.percent")}
          hint={t("admin.form.percentHint")}
          required
          {...form.field("percent")}
        >
          <TextInput
            {...form.input("percent")}
            inputMode="numeric"
            autoComplete="off"
            suffix="%"
            className="max-w-40"
          />
        </Field>
        <CurrencyField form={form} label={t("admin.form.currency")} />
        <AmountField
          form={form}
          name="minAmount"
          label={t("admin.form.minAmount")}
          hint={t("admin.form.minAmountHint")}
          className="max-w-64"
        />
        <AmountField
          form={form}
          name="maxAmount"
          label={t("admin.form.maxAmount")}
          hint={t("admin.form.maxAmountHint")}
          className="max-w-64"
        />
      </div>
      <Field label={t("admin.form.days")} hint={t("admin.form.daysHint")} required {...form.field("days")}>
        <DateRangePicker
          value={values.days}
          onChange={(days) => {
            form.set("days", days)
            form.touch("days")
          }}
          onErrorChange={(error) => setDaysError(error !== null)}
          today={today}
          presets={[]}
          // The Field above says what is wrong, in this page's words.
          errorMessages={{ "invalid-date": null, order: null }}
        />
      </Field>
    </AdminFormCard>
  )
}
