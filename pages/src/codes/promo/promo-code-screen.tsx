import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Field, TextInput, useFormatter, type TableColumn } from "@manyhands/design-system"
import { PagedListSection, useMicroMoney } from "../../blocks"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { useApi } from "../../api"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { MoneyLayout } from "../../money/money-layout"
import { useShellServices } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import {
  codesApi,
  PROMO_CODE_MAX_LENGTH,
  type PromoRedeemed,
  type PromoRedemption,
} from "@manyhands/contract/codes"
import { useCodeFailure } from "../shared/code-parts"

export interface PromoCodeScreenProps {
  /** GET /api/v2/promo-codes/redeemed: the first page of the codes the user used, preloaded by the route. */
  redeemedPromoCodes?: Page<PromoRedemption>
}

/** /p/promocode: a promo code adds its bonus to the balance, once per account; the codes used are listed below. */
export default function PromoCodeScreen({ redeemedPromoCodes }: PromoCodeScreenProps) {
  const { t } = useTranslation("codes")
  return (
    <MoneyLayout page="promo" titleId="promo-title" title={t("promo.title")} lead={t("promo.lead")}>
      <PromoForm />
      <UsedCodes initial={redeemedPromoCodes} />
    </MoneyLayout>
  )
}

function PromoForm() {
  const { t } = useTranslation("codes")
  const { api, refresh } = useShellServices()
  const money = useMicroMoney()
  const translate = useCodeFailure()
  const [redeemed, setRedeemed] = useState<PromoRedeemed | null>(null)
  const form = useForm({
    initial: { code: "" },
    validate: (values) => {
      const errors: FieldErrors<{ code: string }> = {}
      if (values.code.trim() === "") errors.code = t("promo.form.required")
      return errors
    },
    submit: async (values) => {
      setRedeemed(null)
      let answer: PromoRedeemed
      try {
        answer = await api.send<PromoRedeemed>("POST", codesApi.redeemPromoCode.url(), {
          code: values.code.trim(),
        })
      } catch (error) {
        throw translate(error)
      }
      setRedeemed(answer)
      form.reset()
      void refresh(codesApi.redeemedPromoCodes.url())
    },
  })
  return (
    <SettingsCard id="promo-form" title={t("promo.form.title")} description={t("promo.form.description")}>
      {/* A live region that stays, so each redemption is announced. */}
      <div role="status" className="empty:hidden">
        {redeemed ? (
          <Alert role="none" tone="success" title={t("promo.done.title", { code: redeemed.code })}>
            {t("promo.done.text", {
              amount: money(redeemed.amount, redeemed.currency),
              balance: money(redeemed.balance, redeemed.currency),
            })}
          </Alert>
        ) : null}
      </div>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("promo.form.label")} hint={t("promo.form.hint")} {...form.field("code")}>
          <TextInput
            name="code"
            value={form.values.code}
            onChange={(event) => form.set("code", event.target.value.toUpperCase())}
            onBlur={() => form.touch("code")}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PROMO_CODE_MAX_LENGTH}
            size="lg"
            className="max-w-sm font-mono tracking-wide"
          />
        </Field>
        <FormError message={form.formError} title={t("promo.form.refused")} />
        <div>
          <Button type="submit" size="lg" loading={form.submitting} disabled={form.submitting}>
            {t("promo.form.submit")}
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}

function UsedCodes({ initial }: { initial: Page<PromoRedemption> | undefined }) {
  const { t } = useTranslation("codes")
  const format = useFormatter()
  const money = useMicroMoney()
  const [page, setPage] = useState(1)
  const list = useApi(codesApi.redeemedPromoCodes.url(null, { page: page > 1 ? page : undefined }), {
    initial: page > 1 ? undefined : initial,
  })
  const columns: TableColumn<PromoRedemption>[] = [
    {
      key: "code",
      header: t("promo.used.columns.code"),
      rowHeader: true,
      cell: (row) => <span className="font-mono">{row.code}</span>,
    },
    {
      key: "amount",
      header: t("promo.used.columns.bonus"),
      align: "numeric",
      cell: (row) => money(row.amount, row.currency),
    },
    {
      key: "redeemedAt",
      header: t("promo.used.columns.redeemedAt"),
      cell: (row) => format.dateTime(row.redeemedAt),
    },
  ]
  return (
    <SettingsCard id="promo-used" title={t("promo.used.title")} region={false}>
      <PagedListSection
        list={list}
        page={page}
        onPageChange={setPage}
        labels={{
          error: t("promo.used.error"),
          retry: t("promo.used.retry"),
          pagination: t("promo.used.pagination"),
        }}
        caption={t("promo.used.title")}
        columns={columns}
        getRowId={(row) => `${row.code}:${row.redeemedAt}`}
        loadingRows={3}
        empty={{ title: t("promo.used.empty.title"), description: t("promo.used.empty.text") }}
      />
    </SettingsCard>
  )
}
