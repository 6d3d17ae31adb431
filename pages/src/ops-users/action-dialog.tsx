import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Checkbox, Field, Select, TextArea, TextInput } from "@manyhands/design-system"
import { userApi } from "@manyhands/contract/accounts"
import {
  ADJUSTABLE_ACCOUNTS,
  IDENTITY_CHECKS,
  OPS_REASON_MAX,
  opsUsersApi,
  type AdjustableAccount,
  type IdentityCheck,
  type UserDetail,
} from "@manyhands/contract/ops-users"
import { ConfirmFrame, useLastShown } from "../admin-lists"
import { MICRO } from "../blocks"
import { FormError, useForm, type FieldErrors } from "../forms"
import { useShellServices } from "../shell-context"

export const USER_ACTIONS = ["roles", "ban", "unban", "endSessions", "resetTwoFactor", "adjust"] as const
export type UserAction = (typeof USER_ACTIONS)[number]

/** How long a ban lasts, by the choice of the ban dialog; null: until lifted. */
export const BAN_DURATIONS = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_592_000_000,
  forever: null,
}
type BanDuration = keyof typeof BAN_DURATIONS

/** What a finished action tells the page: the user's page as it is now (when the answer is one), and what to say. */
export interface ActionOutcome {
  detail: UserDetail | null
  message: string
}

export interface ActionDialogProps {
  /** The action to ask for; null when closed. */
  action: UserAction | null
  detail: UserDetail
  onClose: () => void
  onDone: (outcome: ActionOutcome) => void
  /** A fresh idempotency key for each adjustment dialog (a story gives a fixed one). */
  newKey?: () => string
}

/** One dialog for every action on an account: the form of the action, its reason, and the confirmation. */
export function ActionDialog({ action, detail, onClose, onDone, newKey }: ActionDialogProps) {
  const { t } = useTranslation("ops-users")
  const formId = useId()
  const [busy, setBusy] = useState(false)
  const shown = useLastShown(action)
  const danger = shown === "ban" || shown === "resetTwoFactor" || shown === "endSessions"
  // What cannot be undone has the danger button; the rest the primary one.
  return (
    <ConfirmFrame
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="md"
      className="overflow-y-auto"
      title={shown ? t(`actions.${shown}.title`) : ""}
      description={shown ? t(`actions.${shown}.text`, { email: detail.user.email }) : ""}
      cancelLabel={t("actions.cancel")}
      confirmLabel={shown ? t(`actions.${shown}.confirm`) : ""}
      tone={danger ? "danger" : "primary"}
      pending={busy}
      confirmForm={formId}
    >
      {shown ? (
        <ActionForm
          key={shown}
          id={formId}
          action={shown}
          detail={detail}
          onBusy={setBusy}
          onDone={onDone}
          newKey={newKey ?? (() => crypto.randomUUID())}
        />
      ) : null}
    </ConfirmFrame>
  )
}

interface Values {
  reason: string
  admin: boolean
  moderator: boolean
  duration: BanDuration
  checks: IdentityCheck[]
  account: AdjustableAccount
  currency: "USD" | "RUB"
  direction: "credit" | "debit"
  amount: string
}

/** "12.5" → 12_500_000 micro-units; null for anything that is not a positive amount with at most 6 decimals. */
export function microOf(text: string): number | null {
  const cleaned = text.trim().replace(",", ".")
  if (!/^[0-9]{1,9}(\.[0-9]{1,6})?$/.test(cleaned)) return null
  const [whole, fraction = ""] = cleaned.split(".")
  const micro = Number(whole) * MICRO + Number(fraction.padEnd(6, "0"))
  return micro > 0 ? micro : null
}

function ActionForm({
  id,
  action,
  detail,
  onBusy,
  onDone,
  newKey,
}: {
  id: string
  action: UserAction
  detail: UserDetail
  onBusy: (busy: boolean) => void
  onDone: ActionDialogProps["onDone"]
  newKey: () => string
}) {
  const { t } = useTranslation("ops-users")
  const { api } = useShellServices()
  const user = detail.user
  // One key per dialog: a retry after a lost answer cannot move the money twice.
  const [idempotencyKey] = useState(newKey)
  const needsReason = action !== "roles"

  const form = useForm<Values>({
    initial: {
      reason: "",
      admin: user.roles.includes("admin"),
      moderator: user.roles.includes("moderator"),
      duration: "week",
      checks: [],
      account: user.userType === "worker" ? "worker_earnings" : "customer_balance",
      currency: detail.currency,
      direction: "credit",
      amount: "",
    },
    validate: (values) => {
      const errors: FieldErrors<Values> = {}
      const reason = values.reason.trim()
      if (needsReason && !reason)
        errors.reason = t(action === "resetTwoFactor" ? "actions.noteMissing" : "actions.reasonMissing")
      else if (reason.length > OPS_REASON_MAX) errors.reason = t("actions.tooLong", { max: OPS_REASON_MAX })
      if (action === "resetTwoFactor" && values.checks.length === 0)
        errors.checks = t("actions.resetTwoFactor.noChecks")
      if (action === "adjust" && microOf(values.amount) === null)
        errors.amount = t("actions.adjust.badAmount")
      return errors
    },
    submit: async (values) => {
      onBusy(true)
      try {
        const reason = values.reason.trim()
        const id = user.id
        if (action === "roles") {
          const roles = [...(values.admin ? ["admin"] : []), ...(values.moderator ? ["moderator"] : [])]
          await api.send("PUT", userApi.setRoles.url({ id }), { roles })
          onDone({ detail: null, message: t("actions.roles.done", { email: user.email }) })
        } else if (action === "ban") {
          const ms = BAN_DURATIONS[values.duration]
          const expiresAt = ms === null ? null : new Date(Date.now() + ms).toISOString()
          const next = await api.send<UserDetail>("POST", opsUsersApi.ban.url({ id }), { reason, expiresAt })
          onDone({ detail: next, message: t("actions.ban.done", { email: user.email }) })
        } else if (action === "unban") {
          const next = await api.send<UserDetail>("POST", opsUsersApi.unban.url({ id }), { reason })
          onDone({ detail: next, message: t("actions.unban.done", { email: user.email }) })
        } else if (action === "endSessions") {
          const { ended } = await api.send<{ ended: number }>("POST", opsUsersApi.endSessions.url({ id }), {
            reason,
          })
          onDone({ detail: null, message: t("actions.endSessions.done", { ended, email: user.email }) })
        } else if (action === "resetTwoFactor") {
          const next = await api.send<UserDetail>("POST", opsUsersApi.resetTwoFactor.url({ id }), {
            checks: values.checks,
            note: reason,
          })
          onDone({ detail: next, message: t("actions.resetTwoFactor.done", { email: user.email }) })
        } else {
          const amount = microOf(values.amount)!
          const answer = await api.send<{ repeated: boolean }>(
            "POST",
            opsUsersApi.adjustBalance.url({ id }),
            {
              account: values.account,
              currency: values.currency,
              direction: values.direction,
              amount,
              reason,
              idempotencyKey,
            },
          )
          onDone({
            detail: null,
            message: t(answer.repeated ? "actions.adjust.repeated" : "actions.adjust.done", {
              email: user.email,
            }),
          })
        }
      } finally {
        onBusy(false)
      }
    },
  })

  const reasonField = needsReason ? (
    <Field
      label={t(action === "resetTwoFactor" ? "actions.note" : "actions.reason")}
      hint={t(action === "resetTwoFactor" ? "actions.noteHint" : "actions.reasonHint")}
      required
      {...form.field("reason")}
    >
      <TextArea
        name="reason"
        value={form.values.reason}
        onChange={(event) => form.set("reason", event.target.value)}
        onBlur={() => form.touch("reason")}
        maxLength={OPS_REASON_MAX}
        minRows={3}
      />
    </Field>
  ) : null

  return (
    <form method="post" id={id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      {action === "roles" ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t("actions.roles.legend")}</legend>
          <Checkbox
            id={`${id}-admin`}
            label={t("roles.admin")}
            description={t("actions.roles.adminHint")}
            checked={form.values.admin}
            onCheckedChange={(state) => form.set("admin", state === true)}
          />
          <Checkbox
            id={`${id}-moderator`}
            label={t("roles.moderator")}
            description={t("actions.roles.moderatorHint")}
            checked={form.values.moderator}
            onCheckedChange={(state) => form.set("moderator", state === true)}
          />
        </fieldset>
      ) : null}
      {action === "ban" ? (
        <Field label={t("actions.ban.duration")} hint={t("actions.ban.durationHint")}>
          <Select
            name="duration"
            value={form.values.duration}
            onValueChange={(value) => form.set("duration", value as BanDuration)}
            options={Object.keys(BAN_DURATIONS).map((value) => ({
              value,
              label: t(`actions.ban.durations.${value}`),
            }))}
          />
        </Field>
      ) : null}
      {action === "resetTwoFactor" ? (
        <fieldset
          className="flex flex-col gap-3"
          aria-describedby={form.fieldError("checks") ? `${id}-checks-error` : undefined}
        >
          <legend className="mb-2 text-sm font-medium">{t("actions.resetTwoFactor.legend")}</legend>
          {IDENTITY_CHECKS.map((check) => (
            <Checkbox
              key={check}
              id={`${id}-${check}`}
              label={t(`checks.${check}`)}
              checked={form.values.checks.includes(check)}
              invalid={Boolean(form.fieldError("checks"))}
              onCheckedChange={(state) => {
                form.touch("checks")
                form.set(
                  "checks",
                  state === true
                    ? [...form.values.checks, check]
                    : form.values.checks.filter((item) => item !== check),
                )
              }}
            />
          ))}
          {form.fieldError("checks") ? (
            <p id={`${id}-checks-error`} role="alert" className="text-sm font-medium text-danger-text">
              {form.fieldError("checks")}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {action === "adjust" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("actions.adjust.account")}>
            <Select
              name="account"
              value={form.values.account}
              onValueChange={(value) => form.set("account", value as AdjustableAccount)}
              options={ADJUSTABLE_ACCOUNTS.map((value) => ({ value, label: t(`accounts.${value}`) }))}
            />
          </Field>
          <Field label={t("actions.adjust.direction")}>
            <Select
              name="direction"
              value={form.values.direction}
              onValueChange={(value) => form.set("direction", value as Values["direction"])}
              options={(["credit", "debit"] as const).map((value) => ({
                value,
                label: t(`actions.adjust.${value}`),
              }))}
            />
          </Field>
          <Field
            label={t("actions.adjust.amount")}
            hint={t("actions.adjust.amountHint")}
            required
            {...form.field("amount")}
          >
            <TextInput {...form.input("amount")} inputMode="decimal" autoComplete="off" />
          </Field>
          <Field label={t("actions.adjust.currency")}>
            <Select
              name="currency"
              value={form.values.currency}
              onValueChange={(value) => form.set("currency", value as Values["currency"])}
              options={["USD", "RUB"].map((value) => ({ value, label: value }))}
            />
          </Field>
        </div>
      ) : null}
      {reasonField}
      <FormError message={form.formError} title={t("actions.failed")} />
    </form>
  )
}
