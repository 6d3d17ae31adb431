import { useTranslation } from "react-i18next"
import { Alert, Button, CodeBlock } from "@manyhands/design-system"

/** Offers a text as a file, without a server round trip: a Blob address the browser downloads at once. */
function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }))
  const link = document.createElement("a")
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * The recovery codes, shown once after they are made: copy, download as a .txt file, then confirm they are
 * saved (only then does the screen let them go).
 */
export function RecoveryCodes({
  codes,
  enabledNow,
  onDone,
}: {
  codes: string[]
  /** Two-factor authentication was turned on just now (not new codes for an account that had it). */
  enabledNow: boolean
  onDone: () => void
}) {
  const { t } = useTranslation("profile")
  const text = codes.join("\n")
  return (
    <div className="flex flex-col gap-4">
      {enabledNow ? <Alert tone="success">{t("twoFactor.codes.enabled")}</Alert> : null}
      <Alert tone="warning" title={t("twoFactor.codes.title")}>
        {t("twoFactor.codes.text")}
      </Alert>
      <CodeBlock
        code={text}
        title={t("twoFactor.codes.blockTitle")}
        copyLabel={t("twoFactor.codes.copy")}
        className="max-w-sm"
      />
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => downloadText(`${text}\n`, t("twoFactor.codes.fileName"))}>
          {t("twoFactor.codes.download")}
        </Button>
        <Button onClick={onDone}>{t("twoFactor.codes.confirm")}</Button>
      </div>
    </div>
  )
}
