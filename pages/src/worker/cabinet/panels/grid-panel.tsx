import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { CheckIcon, cn } from "@manyhands/design-system"
import { fileUrl, pictures } from "../offer-files"
import {
  Instructions,
  Kbd,
  PanelMessage,
  TaskFacts,
  numberParam,
  pictureStyle,
  usePictureSize,
  type PanelProps,
} from "./panel-kit"

/** GridTask: the picture cut into rows × columns tiles; the worker picks the tiles that fit the instructions. */
export default function GridPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  const rows = numberParam(offer, "rows", 3)
  const columns = numberParam(offer, "columns", 3)
  const cells = rows * columns
  const min = Math.min(numberParam(offer, "minClicks", 1), cells)
  const max = Math.min(numberParam(offer, "maxClicks", cells), cells)
  const canNoAnswer = offer.params.canNoAnswer === true
  const [picked, setPicked] = useState<number[]>([])
  const tiles = useRef<(HTMLButtonElement | null)[]>([])
  const messageId = useId()

  const toggle = (cell: number) => {
    if (readOnly) return
    setPicked((current) =>
      current.includes(cell)
        ? current.filter((item) => item !== cell)
        : [...current, cell].sort((a, b) => a - b),
    )
    onEdit()
  }

  useImperativeHandle(ref, () => ({
    read: () => {
      if (picked.length === 0 && !canNoAnswer)
        return { missing: min > 1 ? t("panel.grid.tooFew", { n: min }) : t("panel.grid.missing") }
      if (picked.length > 0 && picked.length < min) return { missing: t("panel.grid.tooFew", { n: min }) }
      if (picked.length > max) return { missing: t("panel.grid.tooMany", { n: max }) }
      return { solution: { click: picked } }
    },
    focus: () => tiles.current[0]?.focus(),
    key: (event) => {
      // Digits pick tiles 1 to 9 from anywhere in the task (not while typing in a field).
      if (!/^[1-9]$/.test(event.key)) return false
      const cell = Number(event.key)
      if (cell > cells) return false
      toggle(cell)
      return true
    },
  }))

  /** Arrow keys move between tiles, as in a grid of buttons. */
  const onTileKey = (event: KeyboardEvent<HTMLButtonElement>, cell: number) => {
    const index = cell - 1
    const moves: Record<string, number> = {
      ArrowLeft: index % columns > 0 ? -1 : 0,
      ArrowRight: index % columns < columns - 1 ? 1 : 0,
      ArrowUp: index >= columns ? -columns : 0,
      ArrowDown: index + columns < cells ? columns : 0,
    }
    const move = moves[event.key]
    if (move === undefined) return
    event.preventDefault()
    tiles.current[index + move]?.focus()
  }

  const facts = [
    t("panel.grid.size", { rows, columns }),
    min === max ? t("panel.grid.pickExactly", { n: min }) : t("panel.grid.pickBetween", { min, max }),
    ...(canNoAnswer ? [t("panel.grid.canNoAnswer")] : []),
  ]

  return (
    <div className="flex flex-col gap-4">
      <Instructions offer={offer} />
      <TaskFacts facts={facts} label={t("panel.facts")} />
      {picture ? (
        <div className="relative inline-block max-w-full self-start">
          <img
            src={fileUrl(picture)}
            alt={t("panel.picture")}
            draggable={false}
            onLoad={onLoad}
            // Up to 640 × 460, so the whole task (tiles and Send) fits a laptop's window.
            style={size ? pictureStyle(size, 640) : undefined}
            className="block h-auto max-w-full select-none rounded-md border border-border bg-surface-muted"
          />
          <div
            role="group"
            aria-label={t("panel.grid.tiles")}
            aria-describedby={messageId}
            className="absolute inset-0 grid"
            style={{
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
            }}
          >
            {Array.from({ length: cells }, (_, index) => {
              const cell = index + 1
              const on = picked.includes(cell)
              return (
                <button
                  key={cell}
                  ref={(element) => {
                    tiles.current[index] = element
                  }}
                  type="button"
                  aria-pressed={on}
                  aria-label={t("panel.grid.tile", { n: cell })}
                  // Enter sends the answer from a tile too; Space (or a click, or the digit) picks it.
                  data-enter-submits=""
                  onClick={() => toggle(cell)}
                  onKeyDown={(event) => onTileKey(event, cell)}
                  className={cn(
                    "relative border border-white/70 outline-offset-[-3px] focus-visible:outline-3 focus-visible:outline-ring",
                    on ? "bg-primary/35 ring-4 ring-primary ring-inset" : "hover:bg-white/20",
                    readOnly && "cursor-wait",
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      "absolute start-1 top-1 flex size-6 items-center justify-center rounded-full text-xs font-semibold shadow",
                      on ? "bg-primary text-primary-foreground" : "bg-surface/90 text-foreground",
                    )}
                  >
                    {cell}
                  </span>
                  {on ? (
                    <span
                      aria-hidden="true"
                      className="absolute end-1 bottom-1 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground shadow"
                    >
                      <CheckIcon size={14} />
                    </span>
                  ) : null}
                </button>
              )
            })}
          </div>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {picked.length > 0 ? t("panel.grid.picked", { list: picked.join(", ") }) : t("panel.grid.nonePicked")}{" "}
        <span className="whitespace-nowrap">
          <Kbd>1</Kbd>–<Kbd>{Math.min(cells, 9)}</Kbd> {t("panel.grid.digitsHint")}
        </span>
      </p>
      <PanelMessage id={messageId} message={error} />
    </div>
  )
}
