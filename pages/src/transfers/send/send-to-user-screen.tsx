import { useState } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  Field,
  MoneyInput,
  RadioGroup,
  TextInput,
  useFormatter,
  type TableColumn,
} from "@manyhands/design-system"
import { LinkButton, PagedListSection, useMicroMoney } from "../../blocks"
import { FormSkeleton } from "../../customer/settings/shared/form-skeleton"
import { SettingsCard } from "../../customer/settings/shared/settings-card"
import { usePaged, type PagedData } from "../../api"
import { FormError, isEmail, useForm, type FieldErrors } from "../../forms"
import { MONEY_PAGES, MoneyLayout } from "../../money/money-layout"
import { minorToMicro } from "../../money/shared/money-parts"
import { ApiFailure, useShellServices } from "../../shell-context"
import type { Page } from "@manyhands/contract"
import { CURRENCIES, type Currency } from "@manyhands/contract/money"
import {
  transfersApi,
  type CreatedTransfer,
  type Transfer,
  type TransferBalance,
} from "@manyhands/contract/transfers"
import { TransferStatusBadge, useCounterparty } from "../shared/transfer-parts"

interface SendValues {
  recipient: string
  currency: Currency
  /** Minor units of the currency (cents), as MoneyInput gives them; null while empty. */
  amount: number | null
  note: string
  password: string
}

/** What was asked for, for the "check your mail" state. */
interface Sent {
  amount: number
  currency: Currency
  recipient: string
}

export interface SendToUserScreenProps {
  /** GET /api/v2/transfers/balance, preloaded by the route. */
  transferBalance?: TransferBalance
  /** GET /api/v2/transfers: the first page, preloaded by the route. */
  transfers?: Page<Transfer>
}

/**
 * /pay/send_user: a transfer to another user (recipient, amount within the available balance, note, current
 * password). The server mails a link; the money moves when it is followed (/pay/send_user_hash/…). Below, the
 * user's transfers, where one still awaiting confirmation can be cancelled.
 */
export default function SendToUserScreen({ transferBalance, transfers }: SendToUserScreenProps) {
  const { t } = useTranslation("transfers")
  const list = usePaged(transfersApi.list.url(), { initial: transfers })
  // After a request or a cancellation: the page on screen, fetched again.
  const reload = () => list.goTo(list.data?.page ?? 1)
  const money = useMicroMoney()
  const offered = transferBalance
    ? CURRENCIES.filter((currency) => transferBalance.available[currency] > 0)
    : []
  // Nothing to send, but promotional credit on the balance: say why it cannot go.
  const promotional = transferBalance
    ? CURRENCIES.filter((currency) => transferBalance.promotional[currency] > 0)
        .map((currency) => money(transferBalance.promotional[currency], currency))
        .join(", ")
    : ""

  return (
    <MoneyLayout
      page="send"
      titleId="send-to-user-title"
      title={t("send.title")}
      lead={t("send.lead")}
      actions={
        <LinkButton variant="secondary" to={MONEY_PAGES.topUp.href}>
          {t("send.topUp")}
        </LinkButton>
      }
    >
      <SettingsCard
        id="transfer-form-title"
        title={t("send.form.title")}
        description={t("send.form.description")}
      >
        {!transferBalance ? (
          <FormSkeleton fields={4} />
        ) : offered.length === 0 ? (
          <Alert
            tone="info"
            title={promotional ? t("send.onlyPromotional.title") : t("send.empty.title")}
            action={<LinkButton to={MONEY_PAGES.topUp.href}>{t("send.topUp")}</LinkButton>}
          >
            {promotional ? t("send.onlyPromotional.text", { amount: promotional }) : t("send.empty.text")}
          </Alert>
        ) : (
          <SendForm balance={transferBalance} offered={offered} onSent={reload} />
        )}
      </SettingsCard>
      <TransferList list={list} onCancelled={reload} />
    </MoneyLayout>
  )
}

function SendForm({
  balance,
  offered,
  onSent,
}: {
  balance: TransferBalance
  offered: Currency[]
  onSent: () => void
}) {
  const { t } = useTranslation("transfers")
  const { api, user, refresh } = useShellServices()
  const money = useMicroMoney()
  const format = useFormatter()
  const currencyNames = (code: string) => format.currencyName(code)
  const [sent, setSent] = useState<Sent | null>(null)
  const currency = offered.includes(balance.currency) ? balance.currency : offered[0]!
  const initial: SendValues = { recipient: "", currency, amount: null, note: "", password: "" }
  const available = (c: Currency) => balance.available[c]

  const form = useForm<SendValues>({
    initial,
    validate: (values) => {
      const errors: FieldErrors<SendValues> = {}
      const recipient = values.recipient.trim()
      if (!recipient) errors.recipient = t("send.errors.recipientMissing")
      else if (!/^[0-9]{1,18}$/.test(recipient) && !isEmail(recipient))
        errors.recipient = t("send.errors.recipientInvalid")
      else if (user && (recipient === user.id || recipient.toLowerCase() === user.email.toLowerCase()))
        errors.recipient = t("send.errors.recipientSelf")
      const micro = values.amount === null ? null : minorToMicro(values.amount, values.currency)
      if (micro === null || micro <= 0) errors.amount = t("send.errors.amountMissing")
      else if (micro < balance.minimum)
        errors.amount = t("send.errors.amountTooSmall", { min: money(balance.minimum, values.currency) })
      else if (micro > available(values.currency))
        errors.amount = t("send.errors.amountTooLarge", {
          max: money(available(values.currency), values.currency),
        })
      const note = values.note.trim()
      if ([...note].length > balance.noteMaxLength)
        errors.note = t("send.errors.noteTooLong", { max: balance.noteMaxLength, count: [...note].length })
      else if (/\p{Cc}/u.test(note)) errors.note = t("send.errors.noteInvalid")
      if (!values.password) errors.password = t("send.errors.passwordMissing")
      return errors
    },
    submit: async (values) => {
      const amount = minorToMicro(values.amount ?? 0, values.currency)
      const note = values.note.trim()
      try {
        await api.send<CreatedTransfer>("POST", transfersApi.create.url(), {
          recipient: values.recipient.trim(),
          amount,
          currency: values.currency,
          ...(note ? { note } : {}),
          password: values.password,
        })
      } catch (error) {
        if (error instanceof ApiFailure && error.code === "TRANSFER_INSUFFICIENT_BALANCE")
          void refresh(transfersApi.balance.url())
        throw ownWords(error, values)
      }
      setSent({ amount, currency: values.currency, recipient: values.recipient.trim() })
      form.reset({ ...initial, currency: values.currency })
      onSent()
    },
  })

  /** The server's refusals in the page's language, next to the field they concern. */
  function ownWords(error: unknown, values: SendValues): unknown {
    if (!(error instanceof ApiFailure)) return error
    const own: Record<string, [keyof SendValues, string]> = {
      RECIPIENT_INVALID: ["recipient", t("send.errors.recipientInvalid")],
      RECIPIENT_NOT_FOUND: ["recipient", t("send.errors.recipientNotFound")],
      TRANSFER_TO_SELF: ["recipient", t("send.errors.recipientSelf")],
      AMOUNT_TOO_SMALL: [
        "amount",
        t("send.errors.amountTooSmall", { min: money(balance.minimum, values.currency) }),
      ],
      TRANSFER_INSUFFICIENT_BALANCE: ["amount", t("send.errors.amountNoLongerCovered")],
      CURRENCY_NOT_SUPPORTED: ["currency", t("send.errors.currencyUnsupported")],
      NOTE_TOO_LONG: [
        "note",
        t("send.errors.noteTooLong", { max: balance.noteMaxLength, count: [...values.note.trim()].length }),
      ],
      NOTE_INVALID: ["note", t("send.errors.noteInvalid")],
    }
    const known = error.code ? own[error.code] : undefined
    if (!known) return error
    const [field, message] = known
    return new ApiFailure(message, error.code, error.status, { [field]: message }, error.retryAfter)
  }

  if (sent)
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success" title={t("send.sent.title")}>
          {t("send.sent.text", {
            email: user?.email ?? "",
            amount: money(sent.amount, sent.currency),
            recipient: sent.recipient,
          })}
        </Alert>
        <div>
          <Button variant="secondary" onClick={() => setSent(null)}>
            {t("send.sent.another")}
          </Button>
        </div>
      </div>
    )

  const { values } = form
  return (
    <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
      <Field
        label={t("send.form.recipient")}
        hint={t("send.form.recipientHint")}
        required
        {...form.field("recipient")}
      >
        <TextInput
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="name@example.com"
          {...form.input("recipient")}
        />
      </Field>
      {offered.length > 1 ? (
        <Field label={t("send.form.currency")} {...form.field("currency")}>
          <RadioGroup
            name="currency"
            orientation="horizontal"
            value={values.currency}
            onValueChange={(value) => {
              form.set("currency", value as Currency)
              form.set("amount", null)
            }}
            options={offered.map((code) => ({
              value: code,
              label: t("send.form.currencyName", { name: currencyNames(code), code }),
            }))}
          />
        </Field>
      ) : null}
      <Field
        label={t("send.form.amount", { currency: values.currency })}
        hint={[
          t("send.form.available", {
            available: money(available(values.currency), values.currency),
            min: money(balance.minimum, values.currency),
          }),
          balance.promotional[values.currency] > 0
            ? t("send.form.promotional", {
                amount: money(balance.promotional[values.currency], values.currency),
              })
            : "",
        ]
          .filter(Boolean)
          .join(" ")}
        required
        {...form.field("amount")}
      >
        <MoneyInput
          name="amount"
          currency={values.currency}
          value={values.amount}
          onChange={(amount) => form.set("amount", amount)}
          onBlur={() => form.touch("amount")}
          max={Math.floor(available(values.currency) / minorToMicro(1, values.currency))}
          className="max-w-64"
        />
      </Field>
      <Field
        label={t("send.form.note")}
        hint={t("send.form.noteHint", { max: balance.noteMaxLength })}
        {...form.field("note")}
      >
        <TextInput type="text" autoComplete="off" {...form.input("note")} />
      </Field>
      <Field
        label={t("send.form.password")}
        hint={t("send.form.passwordHint")}
        required
        {...form.field("password")}
      >
        <TextInput type="password" autoComplete="current-password" {...form.input("password")} />
      </Field>
      <FormError message={form.formError} title={t("send.form.refused")} />
      <div>
        <Button type="submit" loading={form.submitting} disabled={form.submitting}>
          {t("send.form.submit")}
        </Button>
      </div>
    </form>
  )
}

function TransferList({ list, onCancelled }: { list: PagedData<Transfer>; onCancelled: () => void }) {
  const { t } = useTranslation("transfers")
  const { api } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  const counterparty = useCounterparty()
  const [cancelling, setCancelling] = useState<string | null>(null)
  const [cancelled, setCancelled] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const cancel = async (transfer: Transfer) => {
    setCancelling(transfer.id)
    setCancelled(null)
    setFailure(null)
    try {
      await api.send<Transfer>("POST", transfersApi.cancel.url({ id: transfer.id }))
      setCancelled(
        t("send.list.cancelled", {
          amount: money(transfer.amount, transfer.currency),
          who: counterparty(transfer),
        }),
      )
      onCancelled()
    } catch (error) {
      if (!(error instanceof ApiFailure)) console.error("Manyhands: cancelling a transfer failed", error)
      setFailure(error instanceof ApiFailure ? error.message : t("send.form.refused"))
      // It may have been confirmed or expired meanwhile: the list says what it is now.
      onCancelled()
    } finally {
      setCancelling(null)
    }
  }

  const columns: TableColumn<Transfer>[] = [
    {
      key: "createdAt",
      header: t("send.list.columns.createdAt"),
      rowHeader: true,
      cell: (transfer) => format.dateTime(transfer.createdAt),
    },
    {
      key: "counterparty",
      header: t("send.list.columns.counterparty"),
      // Who, their id, and the sender's note under it: one cell, so the address gets the room.
      cell: ({ direction, counterparty: { id, email }, note }) => (
        <span className="flex flex-col gap-0.5">
          {id === null || email === null ? (
            <span>{t(direction === "sent" ? "send.list.toDeleted" : "send.list.fromDeleted")}</span>
          ) : (
            <>
              <span className="break-words">
                {t(direction === "sent" ? "send.list.to" : "send.list.from", { who: email })}
              </span>
              <span className="text-xs text-muted-foreground">{t("send.list.id", { id })}</span>
            </>
          )}
          {note ? (
            <span className="break-words text-muted-foreground">{t("send.list.note", { note })}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: "amount",
      header: t("send.list.columns.amount"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (transfer) =>
        transfer.direction === "sent"
          ? money(-transfer.amount, transfer.currency)
          : `+${money(transfer.amount, transfer.currency)}`,
    },
    {
      key: "status",
      header: t("send.list.columns.status"),
      cell: (transfer) => (
        <span className="flex flex-col items-start gap-1">
          <TransferStatusBadge status={transfer.status} />
          {transfer.status === "awaiting_confirmation" ? (
            <span className="text-xs text-muted-foreground">
              {t("send.list.expiresAt", { time: format.dateTime(transfer.expiresAt) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "actions",
      header: <span className="sr-only">{t("send.list.columns.actions")}</span>,
      label: t("send.list.columns.actions"),
      align: "end",
      cell: (transfer) =>
        transfer.direction === "sent" && transfer.status === "awaiting_confirmation" ? (
          <Button
            variant="tertiary"
            loading={cancelling === transfer.id}
            disabled={cancelling !== null}
            aria-label={t("send.list.cancelOf", {
              amount: money(transfer.amount, transfer.currency),
              who: counterparty(transfer),
            })}
            onClick={() => void cancel(transfer)}
          >
            {t("send.list.cancel")}
          </Button>
        ) : null,
    },
  ]

  return (
    <SettingsCard
      id="transfer-list-title"
      title={t("send.list.title")}
      description={t("send.list.description")}
      region={false}
    >
      {cancelled ? (
        <Alert tone="success" onDismiss={() => setCancelled(null)}>
          {cancelled}
        </Alert>
      ) : null}
      <FormError message={failure} title={t("send.list.cancelFailed")} />
      <PagedListSection
        status={{ range: (shown) => t("send.list.range", shown), live: list.paged }}
        list={list}
        labels={{ retry: t("send.list.retry"), pagination: t("send.list.pages") }}
        caption={t("send.list.caption")}
        columns={columns}
        getRowId={(transfer) => transfer.id}
        empty={{ title: t("send.list.empty.title"), description: t("send.list.empty.description") }}
        // In the card's column, spaced as the notices above it.
        className="gap-5"
      />
    </SettingsCard>
  )
}
