import { useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent } from "react"
import { useTranslation } from "react-i18next"
import { Button, ChevronLeftIcon, ChevronRightIcon, useFormatter } from "@manyhands/design-system"
import type { OfferFile } from "@manyhands/contract/worker"
import { fileUrl, pictures } from "../offer-files"
import {
  Instructions,
  Kbd,
  capture,
  PanelMessage,
  TaskFacts,
  clamp,
  displayWidth,
  numberParam,
  usePictureSize,
  type PanelProps,
} from "./panel-kit"

/** The answer allows −360° to 360°. */
const LIMIT = 360

/** RotateTask: each picture is turned (drag, arrow keys or the buttons) by the task's step until upright. */
export default function RotatePanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const files = pictures(offer)
  const step = numberParam(offer, "angle", 40)
  const [angles, setAngles] = useState<number[]>(() => files.map(() => 0))
  const [active, setActive] = useState(0)
  const dials = useRef<(HTMLDivElement | null)[]>([])

  const turn = (index: number, to: number) => {
    if (readOnly) return
    const steps = Math.round(to / step)
    const limit = Math.floor(LIMIT / step)
    const angle = clamp(steps, -limit, limit) * step
    setAngles((current) => current.map((value, at) => (at === index ? angle : value)))
    setActive(index)
    onEdit()
  }

  useImperativeHandle(ref, () => ({
    read: () => ({ solution: { rotate: angles.length === 1 ? angles[0]! : angles } }),
    focus: () => dials.current[0]?.focus(),
    key: (event) => {
      // Arrow keys turn the picture last worked on, wherever the focus is in the task.
      const by =
        event.key === "ArrowRight" || event.key === "ArrowUp"
          ? 1
          : event.key === "ArrowLeft" || event.key === "ArrowDown"
            ? -1
            : 0
      if (by === 0) return false
      turn(active, (angles[active] ?? 0) + by * step)
      return true
    },
  }))

  return (
    <div className="flex flex-col gap-4">
      <Instructions offer={offer} />
      <TaskFacts facts={[t("panel.rotate.step", { n: step })]} label={t("panel.facts")} />
      <div className="flex flex-wrap gap-6">
        {files.map((file, index) => (
          <Dial
            key={file.name}
            file={file}
            index={index}
            count={files.length}
            angle={angles[index] ?? 0}
            step={step}
            readOnly={readOnly}
            dialRef={(element) => {
              dials.current[index] = element
            }}
            onTurn={(to) => turn(index, to)}
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        {t("panel.rotate.help")} <Kbd>←</Kbd>
        <Kbd>→</Kbd> {t("panel.rotate.helpKeys", { n: step })}
      </p>
      <PanelMessage id={`${offer.assignmentId}-rotate-message`} message={error} />
    </div>
  )
}

function Dial({
  file,
  index,
  count,
  angle,
  step,
  readOnly,
  dialRef,
  onTurn,
}: {
  file: OfferFile
  index: number
  count: number
  angle: number
  step: number
  readOnly: boolean
  dialRef: (element: HTMLDivElement | null) => void
  onTurn: (angle: number) => void
}) {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const { size, onLoad } = usePictureSize(file)
  const drag = useRef<{ start: number; angle: number } | null>(null)
  const degrees = format.number(angle, { style: "unit", unit: "degree", unitDisplay: "narrow" })
  const name = count > 1 ? t("panel.rotate.dialOf", { n: index + 1 }) : t("panel.rotate.dial")
  const width = size ? Math.min(displayWidth(size, 320, 320), 320) : 240

  const pointerAngle = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const x = event.clientX - (box.left + box.width / 2)
    const y = event.clientY - (box.top + box.height / 2)
    return (Math.atan2(y, x) * 180) / Math.PI
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, number> = {
      ArrowRight: angle + step,
      ArrowUp: angle + step,
      ArrowLeft: angle - step,
      ArrowDown: angle - step,
      Home: 0,
    }
    const to = keys[event.key]
    if (to === undefined) return
    event.preventDefault()
    onTurn(to)
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <div
        ref={dialRef}
        role="slider"
        tabIndex={0}
        aria-label={name}
        aria-valuemin={-LIMIT}
        aria-valuemax={LIMIT}
        aria-valuenow={angle}
        aria-valuetext={t("panel.rotate.valueText", { degrees })}
        aria-readonly={readOnly || undefined}
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          if (readOnly || event.button !== 0) return
          capture(event)
          drag.current = { start: pointerAngle(event), angle }
        }}
        onPointerMove={(event) => {
          if (!drag.current) return
          let delta = pointerAngle(event) - drag.current.start
          if (delta > 180) delta -= 360
          if (delta < -180) delta += 360
          const to = drag.current.angle + Math.round(delta / step) * step
          if (to !== angle) onTurn(to)
        }}
        onPointerUp={() => {
          drag.current = null
        }}
        onPointerCancel={() => {
          drag.current = null
        }}
        style={{ width, height: width }}
        className="relative flex cursor-grab touch-none select-none items-center justify-center overflow-hidden rounded-full border-2 border-border-strong bg-surface-muted outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
      >
        <img
          src={fileUrl(file)}
          alt={t("panel.picture")}
          draggable={false}
          onLoad={onLoad}
          style={{ transform: `rotate(${angle}deg)` }}
          className="pointer-events-none size-full object-contain"
        />
        {/* An upright mark: where "up" is. */}
        <span aria-hidden="true" className="absolute top-1 h-3 w-1 rounded-full bg-primary" />
      </div>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="service"
          iconOnly
          aria-label={t("panel.rotate.left", { n: step })}
          onClick={() => onTurn(angle - step)}
        >
          <ChevronLeftIcon />
        </Button>
        <output aria-hidden="true" className="min-w-16 text-center text-lg font-semibold tabular-nums">
          {degrees}
        </output>
        <Button
          type="button"
          variant="service"
          iconOnly
          aria-label={t("panel.rotate.right", { n: step })}
          onClick={() => onTurn(angle + step)}
        >
          <ChevronRightIcon />
        </Button>
      </div>
    </div>
  )
}
