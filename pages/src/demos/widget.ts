/* The demo widget on its own (stories show its states outside a page). */
export { ChallengePanel, DemoWidget, type DemoWidgetHandle, type DemoWidgetProps } from "./demo-widget"
