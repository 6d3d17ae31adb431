import { useTranslation } from "react-i18next"
import { KeyValueItem, KeyValueList, useFormatter } from "@manyhands/design-system"
import type { Movement, Payment } from "@manyhands/contract/money"
import { useMicroMoney } from "../../blocks"
import { useCounterparty } from "../../transfers/shared/transfer-parts"
import { StatusBadge, useProviderName } from "../shared/money-parts"
import { PaymentFacts } from "../shared/payment-facts"

/** A top-up row as the payment it is (the receipt of /pay/ok shows the same facts). */
export const asPayment = (movement: Movement): Payment => ({
  id: movement.sourceId,
  provider: movement.provider ?? "",
  amount: movement.amount,
  currency: movement.currency,
  status: movement.status,
  createdAt: movement.createdAt,
  completedAt: movement.completedAt,
  reference: movement.reference,
  bonus: movement.bonus,
  checkoutUrl: movement.checkoutUrl,
  payableUntil: movement.payableUntil,
})

interface MovementWords {
  kind: string
  /** The one detail that tells it apart from its neighbours. */
  detail: string
  /** Transfers: the other side, "a***@example.com (ID 17)". */
  who: string
}

/** A row in words: what kind of movement it is, and what tells it apart. */
export function useMovementWords(): (movement: Movement) => MovementWords {
  const { t } = useTranslation("money")
  const providerName = useProviderName()
  const counterparty = useCounterparty()
  return (movement) => {
    const who = movement.counterparty ? counterparty({ counterparty: movement.counterparty }) : ""
    return { who, kind: t(`movements.kinds.${movement.kind}`), detail: detailOf(movement, who) }
  }
  function detailOf(movement: Movement, who: string): string {
    switch (movement.kind) {
      case "topUp":
        return providerName(movement.provider ?? "").name
      case "voucher":
        return t("movements.details.voucher", { last4: movement.reference })
      case "promoCode":
        return movement.reference ?? ""
      // A deleted account stands alone: the kind already says which way the money went.
      case "transferOut":
        return movement.counterparty?.id ? t("movements.details.to", { who }) : who
      case "transferIn":
        return movement.counterparty?.id ? t("movements.details.from", { who }) : who
      case "refund":
        return t("movements.details.refund", { task: movement.reference })
      case "proxyTraffic":
        return t("movements.details.proxyTraffic", {
          gigabytes: Number(movement.note),
          pool: t(`movements.pools.${movement.reference}`, { defaultValue: movement.reference ?? "" }),
        })
      case "adjustment":
        return movement.note ?? t("movements.details.adjustment")
    }
  }
}

/**
 * What a receipt says about one movement of the balance: its kind, amount and state, what tells it apart
 * (provider and reference, code, the other side of a transfer, the captcha task), when it happened, and the
 * ledger transfer that moved the money.
 */
export function MovementFacts({ movement }: { movement: Movement }) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const words = useMovementWords()(movement)
  const ledger = (
    <KeyValueItem label={t("facts.ledgerTransfer")} mono={movement.ledgerTransferId !== null}>
      {movement.ledgerTransferId ?? t("facts.noLedgerTransfer")}
    </KeyValueItem>
  )
  if (movement.kind === "topUp") return <PaymentFacts payment={asPayment(movement)}>{ledger}</PaymentFacts>

  const final = movement.status === "succeeded"
  return (
    <KeyValueList divided>
      <KeyValueItem label={t("facts.status")}>
        <StatusBadge status={movement.status} />
      </KeyValueItem>
      <KeyValueItem label={t("facts.kind")}>{words.kind}</KeyValueItem>
      <KeyValueItem label={movement.amount < 0 ? t("facts.taken") : t("facts.credited")} numeric>
        {final
          ? money(Math.abs(movement.amount), movement.currency)
          : movement.status === "pending"
            ? t("facts.movedLater", { amount: money(Math.abs(movement.amount), movement.currency) })
            : t("facts.creditedNone")}
      </KeyValueItem>
      {movement.kind === "voucher" || movement.kind === "promoCode" ? (
        <KeyValueItem label={t("facts.code")} mono>
          {words.detail}
        </KeyValueItem>
      ) : null}
      {movement.kind === "transferOut" || movement.kind === "transferIn" ? (
        <>
          <KeyValueItem label={movement.kind === "transferOut" ? t("facts.recipient") : t("facts.sender")}>
            {words.who}
          </KeyValueItem>
          <KeyValueItem label={t("facts.note")}>{movement.note ?? t("facts.noNote")}</KeyValueItem>
          <KeyValueItem label={t("facts.transferId")} mono>
            {movement.sourceId}
          </KeyValueItem>
        </>
      ) : null}
      {movement.kind === "refund" ? (
        <>
          <KeyValueItem label={t("facts.task")} mono>
            {movement.reference}
          </KeyValueItem>
          <KeyValueItem label={t("facts.captchaType")}>{movement.note}</KeyValueItem>
        </>
      ) : null}
      {movement.kind === "adjustment" ? (
        <KeyValueItem label={t("facts.note")}>{words.detail}</KeyValueItem>
      ) : null}
      {movement.kind === "proxyTraffic" ? (
        <KeyValueItem label={t("facts.purchase")}>{words.detail}</KeyValueItem>
      ) : null}
      <KeyValueItem label={t("facts.createdAt")}>{format.dateTime(movement.createdAt)}</KeyValueItem>
      {movement.kind === "transferOut" ? (
        <KeyValueItem label={t("facts.completedAt")}>
          {movement.completedAt ? format.dateTime(movement.completedAt) : t("facts.notCompleted")}
        </KeyValueItem>
      ) : null}
      {ledger}
    </KeyValueList>
  )
}
