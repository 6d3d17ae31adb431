import { createElement } from "react"
import type { DemoInfo, DemoList } from "@manyhands/contract/captcha-demo"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

/* The captcha demos (/demo, /demo/{slug}). A .ts file like every area's list, hence createElement. */
export const screens = {
  DemoIndex: withData(["demoList"], async () => {
    const { DemoIndexScreen } = await import("./demo-screen")
    return {
      default: (props: RouteDataProps<["demoList"]>) =>
        createElement(DemoIndexScreen, { demos: props.demoList as DemoList | undefined }),
    }
  }),
  Demo: withData(["demoPage"], async () => {
    const { DemoScreen } = await import("./demo-screen")
    return {
      default: (props: RouteDataProps<["demoPage"]>) =>
        createElement(DemoScreen, { demo: props.demoPage as DemoInfo | undefined }),
    }
  }),
} satisfies Record<string, ScreenEntry>
