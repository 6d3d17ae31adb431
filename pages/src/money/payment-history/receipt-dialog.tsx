import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Modal, ModalClose, useFormatter } from "@manyhands/design-system"
import { useMicroMoney } from "../../blocks"
import type { Payment } from "../money-data"
import { PaymentFacts } from "../shared/payment-facts"

/**
 * While the receipt is open, printing shows it alone: everything else on the page (the site, the dialog's
 * backdrop) is hidden, the dialog is laid out as a plain page, and its buttons are left out.
 */
const PRINT_ALONE = [
  "print:[body:has(&)>*:not(:has(&))]:hidden",
  "print:[body:has(&)_[data-slot=modal-overlay]]:hidden",
  "print:static print:max-h-none print:w-full print:max-w-none print:translate-none",
  "print:border-0 print:shadow-none",
  "print:[&_[data-slot=modal-body]]:overflow-visible",
  "print:[&_[data-slot=modal-close]]:hidden print:[&_[data-slot=modal-footer]]:hidden",
].join(" ")

/** One payment's receipt: amounts, provider, reference, ids and times, with a button that prints it. */
export function ReceiptDialog({
  payment,
  onClose,
  print,
}: {
  /** The payment shown; null when closed. */
  payment: Payment | null
  onClose: () => void
  print: () => void
}) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  // The last receipt stays in the dialog while it closes.
  const [last, setLast] = useState(payment)
  if (payment && payment !== last) setLast(payment)
  const shown = payment ?? last
  return (
    <Modal
      open={payment !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t("receipt.title")}
      description={
        shown
          ? t("receipt.description", {
              amount: money(shown.amount, shown.currency),
              date: format.date(shown.createdAt, "long"),
            })
          : undefined
      }
      className={PRINT_ALONE}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">{t("receipt.close")}</Button>
          </ModalClose>
          <Button onClick={print}>{t("receipt.print")}</Button>
        </>
      }
    >
      {shown ? (
        <div className="flex flex-col gap-4">
          <p className="text-muted-foreground">{t("receipt.issuer")}</p>
          <PaymentFacts payment={shown} />
        </div>
      ) : null}
    </Modal>
  )
}
