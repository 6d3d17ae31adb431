import { useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react"
import type { PictureSize } from "../offer-files"
import { arrowStep, clamp, pointerPoint, type Point, type StageProps } from "./panel-kit"

const middle = ({ width, height }: PictureSize): Point => ({ x: width / 2, y: height / 2 })

/**
 * Placing points on a Stage's picture: a left click places one where it is; with the keyboard, the arrows move
 * a cursor (from the middle of the picture) and Space places one under it. Spread the result on the Stage.
 */
export function usePointPlacing(
  size: PictureSize | null,
  image: RefObject<HTMLImageElement | null>,
  place: (point: Point) => void,
): Pick<StageProps, "cursor" | "onFocus" | "onKeyDown" | "onPointerDown"> {
  const [cursor, setCursor] = useState<Point | null>(null)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size) return
    const step = arrowStep(event, size)
    const from = cursor ?? middle(size)
    if (step) {
      event.preventDefault()
      setCursor({
        x: clamp(from.x + step.x, 0, size.width - 1),
        y: clamp(from.y + step.y, 0, size.height - 1),
      })
    } else if (event.key === " ") {
      event.preventDefault()
      place(from)
    }
  }

  return {
    cursor,
    onFocus: () => size && setCursor((current) => current ?? middle(size)),
    onKeyDown,
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || !size || !image.current) return
      place(pointerPoint(event, image.current, size))
    },
  }
}
