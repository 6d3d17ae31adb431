import { useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Field,
  KeyValueItem,
  KeyValueList,
  Modal,
  RadioGroup,
  Select,
  TextInput,
  useFormatter,
} from "@manyhands/design-system"
import { DialogButtons, useLastShown } from "../admin-lists"
import { FormError, useForm, type FieldErrors } from "../forms"
import { ApiFailure, useShellServices } from "../shell-context"
import { PRICE_CURRENCIES, type PriceCurrency } from "@manyhands/contract/statistics"
import {
  opsPricesApi,
  type PricePreview,
  type PriceRow,
  type PriceVersion,
} from "@manyhands/contract/ops-prices"

export interface ScheduleDialogProps {
  /** The type to price; null when closed. */
  row: PriceRow | null
  onClose: () => void
  onScheduled: (row: PriceRow, version: PriceVersion, currency: PriceCurrency) => void
  /** How long typing must pause before the preview asks (ms); stories set 0. */
  previewDelay?: number
}

interface ScheduleValues {
  currency: PriceCurrency
  price: string
  pay: string
  when: "now" | "later"
  /** datetime-local text in the reader's time zone. */
  at: string
  reason: string
}

const AMOUNT = /^\d{1,4}(\.\d{1,3})?$/

/** Schedule a price and worker pay for one type: the amounts, now or at a time, and a preview before saving. */
export function ScheduleDialog({ row, onClose, onScheduled, previewDelay = 400 }: ScheduleDialogProps) {
  const { t } = useTranslation("ops-prices")
  const formId = useId()
  const [submitting, setSubmitting] = useState(false)
  const shown = useLastShown(row)
  return (
    <Modal
      open={row !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) onClose()
      }}
      size="lg"
      title={t("dialog.title", { type: shown?.type ?? "" })}
      description={t("dialog.text")}
      footer={
        <DialogButtons
          cancelLabel={t("keep")}
          busy={submitting}
          type="submit"
          form={formId}
          variant="primary"
        >
          {t("dialog.confirm")}
        </DialogButtons>
      }
    >
      {shown ? (
        <ScheduleForm
          key={shown.type}
          id={formId}
          row={shown}
          onSubmitting={setSubmitting}
          onScheduled={onScheduled}
          previewDelay={previewDelay}
        />
      ) : null}
    </Modal>
  )
}

function ScheduleForm({
  id,
  row,
  onSubmitting,
  onScheduled,
  previewDelay,
}: {
  id: string
  row: PriceRow
  onSubmitting: (busy: boolean) => void
  onScheduled: ScheduleDialogProps["onScheduled"]
  previewDelay: number
}) {
  const { t } = useTranslation("ops-prices")
  const format = useFormatter()
  const { api } = useShellServices()
  const first = row.currencies[0]
  const form = useForm<ScheduleValues>({
    initial: {
      currency: first?.currency ?? "USD",
      price: first?.current?.perThousand ?? "",
      pay: first?.current?.workerPerThousand ?? "",
      when: "now",
      at: "",
      reason: "",
    },
    validate: (values) => {
      const errors: FieldErrors<ScheduleValues> = {}
      if (!AMOUNT.test(values.price.trim()) || Number(values.price) <= 0) errors.price = t("errors.price")
      if (!AMOUNT.test(values.pay.trim())) errors.pay = t("errors.pay")
      else if (Number(values.pay) > Number(values.price)) errors.pay = t("errors.payAbove")
      if (values.when === "later" && (!values.at || Number.isNaN(new Date(values.at).getTime())))
        errors.at = t("errors.at")
      return errors
    },
    submit: async (values) => {
      onSubmitting(true)
      try {
        const version = await api.send<PriceVersion>("POST", opsPricesApi.schedule.url(), {
          type: row.type,
          currency: values.currency,
          perThousand: values.price.trim(),
          workerPerThousand: values.pay.trim(),
          effectiveFrom: values.when === "later" ? new Date(values.at).toISOString() : null,
          ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
        })
        onScheduled(row, version, values.currency)
      } catch (error) {
        if (error instanceof ApiFailure && Object.keys(error.fields).length > 0) {
          const names: Record<string, keyof ScheduleValues> = {
            perThousand: "price",
            workerPerThousand: "pay",
            effectiveFrom: "at",
          }
          const fields: Record<string, string> = {}
          for (const [name, message] of Object.entries(error.fields)) fields[names[name] ?? name] = message
          throw new ApiFailure(error.message, error.code, error.status, fields)
        }
        throw error
      } finally {
        onSubmitting(false)
      }
    },
  })

  // The preview of the margin and of yesterday's volume, asked again when typing pauses on valid amounts; its
  // answer is kept with the request it answers, so only the current amounts' preview shows.
  const { currency, price, pay } = form.values
  const valid =
    AMOUNT.test(price.trim()) && Number(price) > 0 && AMOUNT.test(pay.trim()) && Number(pay) <= Number(price)
  const request = valid
    ? JSON.stringify({ type: row.type, currency, perThousand: price.trim(), workerPerThousand: pay.trim() })
    : null
  const [answered, setAnswered] = useState<{ request: string; preview: PricePreview | null } | null>(null)
  useEffect(() => {
    if (request === null) return
    let current = true
    const timer = setTimeout(() => {
      api
        .send<PricePreview>("POST", opsPricesApi.preview.url(), JSON.parse(request) as unknown)
        .then((answer) => current && setAnswered({ request, preview: answer }))
        .catch(() => current && setAnswered({ request, preview: null }))
    }, previewDelay)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [api, request, previewDelay])
  const preview = request !== null && answered?.request === request ? answered.preview : null

  return (
    <form method="post" id={id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("fields.currency")} {...form.field("currency")}>
          <Select
            id={form.fieldId("currency")}
            value={currency}
            onValueChange={(value) => {
              const next = value as PriceCurrency
              const cell = row.currencies.find((c) => c.currency === next)
              form.set("currency", next)
              if (cell?.current) {
                form.set("price", cell.current.perThousand)
                form.set("pay", cell.current.workerPerThousand)
              }
            }}
            options={PRICE_CURRENCIES.map((value) => ({ value, label: value }))}
          />
        </Field>
        <Field label={t("fields.price")} hint={t("hints.perThousand")} required {...form.field("price")}>
          <TextInput
            {...form.input("price")}
            inputMode="decimal"
            autoComplete="off"
            suffix={currency}
            autoFocus
          />
        </Field>
        <Field label={t("fields.pay")} hint={t("hints.perThousand")} required {...form.field("pay")}>
          <TextInput {...form.input("pay")} inputMode="decimal" autoComplete="off" suffix={currency} />
        </Field>
      </div>
      <div role="status" className="rounded-md border border-border bg-surface-muted px-3 py-2 text-sm">
        {preview ? (
          <KeyValueList>
            <KeyValueItem label={t("preview.margin")} numeric>
              {t("preview.marginValue", {
                margin: preview.marginPerThousand,
                current: preview.currentMarginPerThousand ?? "—",
                currency,
              })}
            </KeyValueItem>
            <KeyValueItem label={t("preview.yesterday", { day: preview.yesterday.day })} numeric>
              {t("preview.volume", {
                count: preview.yesterday.tasks,
                tasks: format.number(preview.yesterday.tasks),
                atNew: preview.yesterday.atNewPrice,
                atCurrent: preview.yesterday.atCurrentPrice,
                currency,
              })}
            </KeyValueItem>
          </KeyValueList>
        ) : (
          t("preview.idle")
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p id={`${id}-when`} className="text-sm font-medium text-foreground">
          {t("fields.when")}
        </p>
        <RadioGroup
          aria-labelledby={`${id}-when`}
          orientation="horizontal"
          value={form.values.when}
          onValueChange={(value: string) => form.set("when", value as ScheduleValues["when"])}
          options={[
            { value: "now", label: t("when.now") },
            { value: "later", label: t("when.later") },
          ]}
        />
      </div>
      {form.values.when === "later" ? (
        <Field label={t("fields.at")} hint={t("hints.at")} required {...form.field("at")}>
          <TextInput {...form.input("at")} type="datetime-local" />
        </Field>
      ) : null}
      <Field label={t("fields.reason")} hint={t("hints.reason")} {...form.field("reason")}>
        <TextInput {...form.input("reason")} maxLength={500} />
      </Field>
      <FormError message={form.formError} title={t("dialog.failed")} />
    </form>
  )
}
