import { useState } from "react"
import { useTranslation } from "react-i18next"
import { FileIcon } from "@manyhands/design-system"
import { customerApi } from "@manyhands/contract/captcha"

/**
 * A task's picture, small, loaded only when it scrolls into view. A placeholder stands behind it while it loads
 * and replaces it when it cannot be loaded (a task whose files were already removed).
 */
export function TaskThumbnail({ id, hasImage }: { id: string; hasImage: boolean }) {
  const { t } = useTranslation("captcha-settings")
  const [failed, setFailed] = useState(false)
  if (!hasImage) return <span className="text-sm text-muted-foreground">{t("shared.noPicture")}</span>
  return (
    <span className="relative inline-flex h-12 w-28 shrink-0 items-center justify-center overflow-hidden rounded-md border border-border bg-surface-muted text-muted-foreground">
      <FileIcon size={20} />
      {failed ? (
        <span className="sr-only">{t("shared.pictureGone", { id })}</span>
      ) : (
        <img
          src={customerApi.taskImage.url({ id })}
          alt={t("shared.pictureAlt", { id })}
          loading="lazy"
          decoding="async"
          width={112}
          height={48}
          onError={() => setFailed(true)}
          className="absolute inset-0 size-full object-contain text-[0px] text-transparent"
        />
      )}
    </span>
  )
}
