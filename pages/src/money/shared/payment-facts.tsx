import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { KeyValueItem, KeyValueList, useFormatter } from "@manyhands/design-system"
import type { Payment } from "@manyhands/contract/money"
import { useMicroMoney } from "../../blocks"
import { StatusBadge, useProviderName } from "./money-parts"
import { resumable } from "./pending-payment"

/**
 * What a receipt says about one payment: amounts and the campaign's bonus, provider, its reference and ids, when it
 * happened, and while it is pending whether its checkout is still open; `children` adds facts at the end (the
 * balance history's ledger transfer).
 */
export function PaymentFacts({
  payment,
  showStatus = true,
  children,
}: {
  payment: Payment
  /** Off where the status is already shown beside the heading. */
  showStatus?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  const providerName = useProviderName()
  const amount = money(payment.amount, payment.currency)
  const time = payment.payableUntil ? format.dateTime(payment.payableUntil) : ""
  const checkout = {
    payable: payment.payableUntil ? t("facts.checkoutOpen", { time }) : t("facts.checkoutOpenNoEnd"),
    closed: t("facts.checkoutClosed", { time }),
    noCheckout: t("facts.checkoutNone"),
    none: null,
  }[resumable(payment) ?? "none"]
  return (
    <KeyValueList divided>
      {showStatus ? (
        <KeyValueItem label={t("facts.status")}>
          <StatusBadge status={payment.status} />
        </KeyValueItem>
      ) : null}
      {/* "Paid" only for money that moved: a declined, expired or pending payment has an amount, not a payment. */}
      <KeyValueItem label={t(payment.status === "succeeded" ? "facts.paid" : "facts.amount")} numeric>
        {amount}
      </KeyValueItem>
      <KeyValueItem label={t("facts.credited")} numeric>
        {payment.status === "succeeded"
          ? amount
          : payment.status === "pending"
            ? t("facts.creditedLater")
            : t("facts.creditedNone")}
      </KeyValueItem>
      {payment.bonus ? (
        <KeyValueItem label={t("facts.bonus")} numeric>
          {payment.status !== "succeeded" && payment.status !== "pending"
            ? t("facts.creditedNone")
            : t("facts.bonusValue", {
                amount: money(payment.bonus.amount, payment.currency),
                percent: format.percent(payment.bonus.percent / 100),
              })}
        </KeyValueItem>
      ) : null}
      <KeyValueItem label={t("facts.provider")}>{providerName(payment.provider).name}</KeyValueItem>
      <KeyValueItem label={t("facts.reference")} mono={payment.reference !== null}>
        {payment.reference ?? t("facts.noReference")}
      </KeyValueItem>
      <KeyValueItem label={t("facts.id")} mono>
        {payment.id}
      </KeyValueItem>
      <KeyValueItem label={t("facts.createdAt")}>{format.dateTime(payment.createdAt)}</KeyValueItem>
      <KeyValueItem label={t("facts.completedAt")}>
        {payment.completedAt ? format.dateTime(payment.completedAt) : t("facts.notCompleted")}
      </KeyValueItem>
      {checkout ? <KeyValueItem label={t("facts.checkout")}>{checkout}</KeyValueItem> : null}
      {children}
    </KeyValueList>
  )
}
