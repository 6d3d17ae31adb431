import { useTranslation } from "react-i18next"
import { Badge, type BadgeTone } from "@manyhands/design-system"
import type { Transfer, TransferStatus } from "@manyhands/contract/transfers"

/** Where transfers start and are listed. */
export const SEND_PAGE = "/pay/send_user"

const STATUS_TONES: Record<TransferStatus, BadgeTone> = {
  awaiting_confirmation: "warning",
  completed: "success",
  cancelled: "neutral",
  expired: "neutral",
  failed: "danger",
}

/** A transfer's status as a badge; the text carries the meaning, the colour only repeats it. */
export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  const { t } = useTranslation("transfers")
  return (
    <Badge tone={STATUS_TONES[status]} dot>
      {t(`statuses.${status}`)}
    </Badge>
  )
}

/** The other side of a transfer as people read it: "a***@example.com (ID 17)", or that it was deleted. */
export function useCounterparty(): (transfer: Pick<Transfer, "counterparty">) => string {
  const { t } = useTranslation("transfers")
  return ({ counterparty }) =>
    counterparty.id === null || counterparty.email === null
      ? t("deletedAccount")
      : t("who", { email: counterparty.email, id: counterparty.id })
}
