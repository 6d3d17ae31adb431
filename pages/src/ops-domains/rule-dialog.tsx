import { useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Checkbox, Field, Modal, Select, TextArea, TextInput, useFormatter } from "@manyhands/design-system"
import { DialogButtons, useLastShown } from "../admin-lists"
import { FormError, useForm, type FieldErrors } from "../forms"
import { ApiFailure, useShellServices } from "../shell-context"
import {
  DOMAIN_CUSTOMER_REASON_MAX,
  DOMAIN_PATTERN_KINDS,
  DOMAIN_RULE_ACTIONS,
  DOMAIN_STAFF_REASON_MAX,
  opsDomainsApi,
  type DomainDryRun,
  type DomainPatternKind,
  type DomainRule,
  type DomainRuleAction,
  type DomainRuleInput,
} from "@manyhands/contract/ops-domains"

export interface RuleDialogProps {
  /** The rule to change, `{ rule: null }` for a new one; null when closed. */
  editing: { rule: DomainRule | null } | null
  onClose: () => void
  onSaved: (rule: DomainRule, created: boolean) => void
  /** How long typing must pause before the dry run asks (ms); stories set 0. */
  dryRunDelay?: number
}

interface RuleValues {
  kind: DomainPatternKind
  pattern: string
  types: string
  action: DomainRuleAction
  minRating: string
  multiplier: string
  staffReason: string
  customerReason: string
  /** datetime-local text in the reader's time zone; "" = no expiry. */
  expiresAt: string
  enabled: boolean
}

const pad = (n: number) => String(n).padStart(2, "0")
/** An ISO moment as a datetime-local value in the browser's time zone. */
const localInput = (iso: string) => {
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const typesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((type) => type.trim())
    .filter(Boolean)

const valuesOf = (rule: DomainRule | null): RuleValues => ({
  kind: rule?.kind ?? "host",
  pattern: rule?.display ?? "",
  types: rule?.captchaTypes.join(", ") ?? "",
  action: rule?.action ?? "block",
  minRating: rule?.minRating === null || rule?.minRating === undefined ? "" : String(rule.minRating),
  multiplier:
    rule?.priceMultiplier === null || rule?.priceMultiplier === undefined ? "" : String(rule.priceMultiplier),
  staffReason: rule?.staffReason ?? "",
  customerReason: rule?.customerReason ?? "",
  expiresAt: rule?.expiresAt ? localInput(rule.expiresAt) : "",
  enabled: rule?.enabled ?? true,
})

/** Add or change a rule: its pattern, types, action and its value, reasons, expiry; the dry run under the pattern. */
export function RuleDialog({ editing, onClose, onSaved, dryRunDelay = 400 }: RuleDialogProps) {
  const { t } = useTranslation("ops-domains")
  const formId = useId()
  const [submitting, setSubmitting] = useState(false)
  const shown = useLastShown(editing)
  const rule = shown?.rule ?? null
  return (
    <Modal
      open={editing !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) onClose()
      }}
      size="lg"
      title={rule ? t("dialog.editTitle", { pattern: rule.display }) : t("dialog.newTitle")}
      description={t("dialog.text")}
      footer={
        <DialogButtons
          cancelLabel={t("cancel")}
          busy={submitting}
          type="submit"
          form={formId}
          variant="primary"
        >
          {t(rule ? "dialog.save" : "dialog.create")}
        </DialogButtons>
      }
    >
      {shown ? (
        <RuleForm
          key={rule?.id ?? "new"}
          id={formId}
          rule={rule}
          onSubmitting={setSubmitting}
          onSaved={onSaved}
          dryRunDelay={dryRunDelay}
        />
      ) : null}
    </Modal>
  )
}

function RuleForm({
  id,
  rule,
  onSubmitting,
  onSaved,
  dryRunDelay,
}: {
  id: string
  rule: DomainRule | null
  onSubmitting: (busy: boolean) => void
  onSaved: RuleDialogProps["onSaved"]
  dryRunDelay: number
}) {
  const { t } = useTranslation("ops-domains")
  const format = useFormatter()
  const { api } = useShellServices()
  const form = useForm<RuleValues>({
    initial: valuesOf(rule),
    validate: (values) => {
      const errors: FieldErrors<RuleValues> = {}
      if (!values.pattern.trim()) errors.pattern = t("errors.pattern")
      if (!values.staffReason.trim()) errors.staffReason = t("errors.staffReason")
      const rating = Number(values.minRating)
      if (
        values.action === "min_skill" &&
        (values.minRating.trim() === "" || !Number.isInteger(rating) || rating < 0 || rating > 1000)
      )
        errors.minRating = t("errors.minRating")
      const multiplier = Number(values.multiplier)
      if (
        values.action === "price_multiplier" &&
        (values.multiplier.trim() === "" || !(multiplier >= 0.01 && multiplier <= 100))
      )
        errors.multiplier = t("errors.multiplier")
      if (values.expiresAt && Number.isNaN(new Date(values.expiresAt).getTime()))
        errors.expiresAt = t("errors.expiresAt")
      return errors
    },
    submit: async (values) => {
      const body: DomainRuleInput = {
        kind: values.kind,
        pattern: values.pattern.trim(),
        captchaTypes: typesOf(values.types),
        action: values.action,
        minRating: values.action === "min_skill" ? Number(values.minRating) : null,
        priceMultiplier: values.action === "price_multiplier" ? Number(values.multiplier) : null,
        staffReason: values.staffReason.trim(),
        customerReason: values.customerReason.trim() || null,
        expiresAt: values.expiresAt ? new Date(values.expiresAt).toISOString() : null,
        enabled: values.enabled,
      }
      onSubmitting(true)
      try {
        const saved = rule
          ? await api.send<DomainRule>("PUT", opsDomainsApi.update.url({ id: rule.id }), body)
          : await api.send<DomainRule>("POST", opsDomainsApi.create.url(), body)
        onSaved(saved, rule === null)
      } catch (error) {
        // The server's field names differ from the form's where it says "captchaTypes" or "priceMultiplier".
        if (error instanceof ApiFailure && Object.keys(error.fields).length > 0) {
          const fields: Record<string, string> = {}
          for (const [name, message] of Object.entries(error.fields))
            fields[name === "captchaTypes" ? "types" : name === "priceMultiplier" ? "multiplier" : name] =
              message
          throw new ApiFailure(error.message, error.code, error.status, fields)
        }
        throw error
      } finally {
        onSubmitting(false)
      }
    },
  })

  // The dry run: how many of the last 24 hours' tasks the pattern and types would have touched, asked again
  // when typing pauses. Its answer is kept with the request it answers, so a changed field shows "counting".
  const { kind, pattern, types } = form.values
  const request = pattern.trim()
    ? JSON.stringify({ kind, pattern: pattern.trim(), captchaTypes: typesOf(types) })
    : null
  const [answered, setAnswered] = useState<{ request: string; result: DomainDryRun | null } | null>(null)
  useEffect(() => {
    if (request === null) return
    let current = true
    const timer = setTimeout(() => {
      api
        .send<DomainDryRun>("POST", opsDomainsApi.dryRun.url(), JSON.parse(request) as unknown)
        .then((result) => current && setAnswered({ request, result }))
        .catch(() => current && setAnswered({ request, result: null }))
    }, dryRunDelay)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [api, request, dryRunDelay])
  const dryRun =
    request === null
      ? ({ state: "idle" } as const)
      : answered?.request !== request
        ? ({ state: "loading" } as const)
        : answered.result
          ? ({ state: "done", result: answered.result } as const)
          : ({ state: "failed" } as const)

  const select = <K extends "kind" | "action">(name: K) => ({
    id: form.fieldId(name),
    value: form.values[name],
    onValueChange: (value: string) => form.set(name, value as RuleValues[K]),
  })

  return (
    <form method="post" id={id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label={t("fields.kind")} {...form.field("kind")}>
          <Select
            {...select("kind")}
            options={DOMAIN_PATTERN_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          />
        </Field>
        <Field label={t("fields.pattern")} hint={t(`hints.${kind}`)} required {...form.field("pattern")}>
          <TextInput
            {...form.input("pattern")}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            autoFocus
          />
        </Field>
      </div>
      <p role="status" className="rounded-md border border-border bg-surface-muted px-3 py-2 text-sm">
        {dryRun.state === "done"
          ? t("dryRun.result", {
              count: dryRun.result.tasks,
              tasks: format.number(dryRun.result.tasks),
              hosts: format.number(dryRun.result.hosts),
            })
          : dryRun.state === "loading"
            ? t("dryRun.loading")
            : dryRun.state === "failed"
              ? t("dryRun.failed")
              : t("dryRun.idle")}
      </p>
      <Field label={t("fields.types")} hint={t("hints.types")} {...form.field("types")}>
        <TextInput {...form.input("types")} autoComplete="off" spellCheck={false} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("fields.action")} {...form.field("action")}>
          <Select
            {...select("action")}
            options={DOMAIN_RULE_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
          />
        </Field>
        {form.values.action === "min_skill" ? (
          <Field
            label={t("fields.minRating")}
            hint={t("hints.minRating")}
            required
            {...form.field("minRating")}
          >
            <TextInput {...form.input("minRating")} inputMode="numeric" autoComplete="off" />
          </Field>
        ) : form.values.action === "price_multiplier" ? (
          <Field
            label={t("fields.multiplier")}
            hint={t("hints.multiplier")}
            required
            {...form.field("multiplier")}
          >
            <TextInput {...form.input("multiplier")} inputMode="decimal" autoComplete="off" suffix="×" />
          </Field>
        ) : null}
      </div>
      <Field label={t("fields.staffReason")} required {...form.field("staffReason")}>
        <TextArea
          id={form.fieldId("staffReason")}
          name="staffReason"
          value={form.values.staffReason}
          onChange={(event) => form.set("staffReason", event.target.value)}
          onBlur={() => form.touch("staffReason")}
          maxLength={DOMAIN_STAFF_REASON_MAX}
          minRows={2}
        />
      </Field>
      <Field
        label={t("fields.customerReason")}
        hint={t("hints.customerReason")}
        {...form.field("customerReason")}
      >
        <TextInput {...form.input("customerReason")} maxLength={DOMAIN_CUSTOMER_REASON_MAX} />
      </Field>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <Field label={t("fields.expiresAt")} hint={t("hints.expiresAt")} {...form.field("expiresAt")}>
          <TextInput {...form.input("expiresAt")} type="datetime-local" />
        </Field>
        <Checkbox
          label={t("fields.enabled")}
          checked={form.values.enabled}
          onCheckedChange={(checked) => form.set("enabled", checked === true)}
          className="pb-2"
        />
      </div>
      <FormError message={form.formError} title={t("dialog.failed")} />
    </form>
  )
}
