import { useEffect, useImperativeHandle, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Field, TextInput, useFormatter } from "@manyhands/design-system"
import { fileUrl, soundFile } from "../offer-files"
import { Instructions, type PanelProps } from "./panel-kit"

/** AudioTask: the worker listens (and listens again) and types what is said. */
export default function AudioPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const [value, setValue] = useState("")
  const input = useRef<HTMLInputElement>(null)
  const player = useRef<HTMLAudioElement>(null)
  const sound = soundFile(offer)
  const spoken = typeof offer.params.lang === "string" ? offer.params.lang : null

  useImperativeHandle(ref, () => ({
    read: () => (value.trim() ? { solution: { text: value.trim() } } : { missing: t("panel.audio.missing") }),
    focus: () => input.current?.focus(),
  }))

  const play = () => {
    const audio = player.current
    if (!audio) return
    audio.currentTime = 0
    // A browser that refuses to play without a click shows its own play button.
    audio.play().catch(() => undefined)
  }

  // The recording plays once when the task appears (the worker pressed Start, so the page may play sound).
  useEffect(() => {
    player.current?.play().catch(() => undefined)
  }, [])

  return (
    <div className="flex flex-col gap-5">
      <Instructions offer={offer} />
      {sound ? (
        <div className="flex flex-wrap items-center gap-3">
          <audio
            ref={player}
            controls
            preload="auto"
            src={fileUrl(sound)}
            aria-label={t("panel.audio.player")}
            className="w-full max-w-md"
          />
          <Button type="button" variant="secondary" onClick={play}>
            {t("panel.audio.replay")}
          </Button>
        </div>
      ) : null}
      <Field
        label={t("panel.answer")}
        error={error}
        hint={spoken ? t("panel.audio.language", { language: format.languageName(spoken) }) : undefined}
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
          className="max-w-md text-lg"
        />
      </Field>
    </div>
  )
}
