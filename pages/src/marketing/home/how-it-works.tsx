import type { RefObject } from "react"
import { useTranslation } from "react-i18next"
import { Button, Modal, ModalClose } from "@manyhands/design-system"
import { NumberedSteps } from "../../blocks"

/**
 * The "How it works" window of the home page's hero, in a chunk of its own with Radix's dialog: loaded when the
 * visitor first points at or presses its button (`HowItWorksAction`), which stays the page's own.
 */
export function HowItWorksModal({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The hero's button: the focus goes back to it when the window closes. */
  trigger: RefObject<HTMLButtonElement | null>
}) {
  const { t } = useTranslation("home")
  return (
    <Modal
      size="md"
      open={open}
      onOpenChange={onOpenChange}
      title={t("modal.title")}
      description={t("modal.description")}
      // What Radix does for its own trigger: the button gets the focus back, also in Safari, where a click does
      // not focus a button.
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        trigger.current?.focus()
      }}
      footer={
        <ModalClose asChild>
          <Button>{t("modal.done")}</Button>
        </ModalClose>
      }
    >
      <NumberedSteps
        titleAs="p"
        items={([1, 2, 3] as const).map((step) => ({
          id: String(step),
          title: t(`modal.step${step}Title`),
          text: t(`modal.step${step}`),
        }))}
      />
    </Modal>
  )
}
