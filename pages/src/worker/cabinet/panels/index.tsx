import AudioPanel from "./audio-panel"
import BoundingBoxPanel from "./bounding-box-panel"
import CoordinatesPanel from "./coordinates-panel"
import DemoWidgetPanel from "./demo-widget-panel"
import DrawAroundPanel from "./draw-around-panel"
import GridPanel from "./grid-panel"
import type { PanelProps } from "./panel-kit"
import RotatePanel from "./rotate-panel"
import TextPanel from "./text-panel"

export type { PanelHandle, PanelProps } from "./panel-kit"

/**
 * The solving panel of the task's type (CABINET_TYPES); a type without its own panel gets a text answer. Token
 * tasks come to the cabinet only for our demo widgets (the claim's demoWidgets): the widget is the panel.
 */
export function TaskPanel(props: PanelProps) {
  if (props.offer.kind === "token") return <DemoWidgetPanel {...props} />
  switch (props.offer.type) {
    case "GridTask":
      return <GridPanel {...props} />
    case "CoordinatesTask":
      return <CoordinatesPanel {...props} />
    case "RotateTask":
      return <RotatePanel {...props} />
    case "BoundingBoxTask":
      return <BoundingBoxPanel {...props} />
    case "DrawAroundTask":
      return <DrawAroundPanel {...props} />
    case "AudioTask":
      return <AudioPanel {...props} />
    default:
      // ImageToTextTask, TextCaptchaTask
      return <TextPanel {...props} />
  }
}
