import { useImperativeHandle, useRef, useState } from "react"
import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { Badge, Field, TextInput } from "@manyhands/design-system"
import type { Offer } from "@manyhands/contract/worker"
import { fileUrl, pictures } from "../offer-files"
import { Instructions, displayWidth, usePictureSize, type PanelProps } from "./panel-kit"

/** The rules of a text answer the customer set (params of ImageToTextTask and TextCaptchaTask), in words. */
export function textRules(offer: Offer, t: TFunction<"cabinet">): string[] {
  const params = offer.params
  const rules: string[] = []
  if (params.case === true) rules.push(t("panel.text.rules.case"))
  const numeric = Number(params.numeric ?? 0)
  if (numeric >= 1 && numeric <= 4) rules.push(t(`panel.text.rules.numeric${numeric as 1 | 2 | 3 | 4}`))
  const language = Number(params.language ?? 0)
  if (language === 1) rules.push(t("panel.text.rules.cyrillic"))
  if (language === 2) rules.push(t("panel.text.rules.latin"))
  const min = Number(params.minLength ?? 0)
  const max = Number(params.maxLength ?? 0)
  if (min > 0 && max > 0)
    rules.push(
      min === max ? t("panel.text.rules.exactly", { n: min }) : t("panel.text.rules.between", { min, max }),
    )
  else if (min > 0) rules.push(t("panel.text.rules.atLeast", { n: min }))
  else if (max > 0) rules.push(t("panel.text.rules.atMost", { n: max }))
  if (params.phrase === true) rules.push(t("panel.text.rules.phrase"))
  if (params.math === true) rules.push(t("panel.text.rules.math"))
  return rules
}

/** ImageToTextTask (type what the picture shows) and TextCaptchaTask (answer the question): one text answer. */
export default function TextPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const [value, setValue] = useState("")
  const input = useRef<HTMLInputElement>(null)
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  const question = offer.type === "TextCaptchaTask"
  const rules = textRules(offer, t)
  const digits = Number(offer.params.numeric ?? 0) === 1 || offer.params.math === true

  useImperativeHandle(
    ref,
    () => ({
      read: () =>
        value.trim() ? { solution: { text: value.trim() } } : { missing: t("panel.text.missing") },
      focus: () => input.current?.focus(),
    }),
    [value, t],
  )

  return (
    <div className="flex flex-col gap-5">
      {question ? (
        <Instructions offer={offer} question />
      ) : (
        <>
          {picture ? (
            <img
              src={fileUrl(picture)}
              alt={t("panel.picture")}
              onLoad={onLoad}
              style={size ? { width: displayWidth(size, 560, 180) } : undefined}
              className="block h-auto max-w-full self-start rounded-md border border-border bg-surface-muted"
            />
          ) : null}
          <Instructions offer={offer} />
        </>
      )}
      <Field
        label={t("panel.answer")}
        error={error}
        hint={
          rules.length > 0 ? (
            <span className="flex flex-wrap gap-1.5">
              {rules.map((rule, index) => (
                <Badge key={rule} tone="info">
                  {rule}
                  {index < rules.length - 1 ? <span className="sr-only">, </span> : null}
                </Badge>
              ))}
            </span>
          ) : undefined
        }
      >
        <TextInput
          ref={input}
          size="lg"
          value={value}
          readOnly={readOnly}
          onChange={(event) => {
            setValue(event.target.value)
            onEdit()
          }}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="send"
          inputMode={digits ? "decimal" : "text"}
          className="max-w-md font-mono text-lg tracking-wide"
        />
      </Field>
    </div>
  )
}
