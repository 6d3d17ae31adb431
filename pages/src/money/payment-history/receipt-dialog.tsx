import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Modal, ModalClose, useFormatter } from "@manyhands/design-system"
import type { Movement } from "@manyhands/contract/money"
import { useMicroMoney } from "../../blocks"
import { MovementFacts } from "./movement-facts"

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

/** One movement's receipt: amounts, what it was, references, times and its ledger transfer; printable. */
export function ReceiptDialog({
  movement,
  onClose,
  print,
}: {
  /** The movement shown; null when closed. */
  movement: Movement | null
  onClose: () => void
  print: () => void
}) {
  const { t } = useTranslation("money")
  const format = useFormatter()
  const money = useMicroMoney()
  // The last receipt stays in the dialog while it closes.
  const [last, setLast] = useState(movement)
  if (movement && movement !== last) setLast(movement)
  const shown = movement ?? last
  return (
    <Modal
      open={movement !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t("receipt.title")}
      description={
        shown
          ? t(`receipt.descriptions.${shown.kind}`, {
              amount: money(Math.abs(shown.amount), shown.currency),
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
          <MovementFacts movement={shown} />
        </div>
      ) : null}
    </Modal>
  )
}
