import { createElement } from "react"
import type {
  ModerationReviews,
  ModerationSubmissions,
  MySoftware,
  SoftwareDraft,
  SoftwareCategories,
  SoftwareItem,
  SoftwareList,
  SoftwareStatistics,
} from "@manyhands/contract/catalog"
import { withData, type RouteDataProps, type ScreenEntry } from "../screen-loader"

/* The software catalogue (/software, /software/{slug}, /software/statistic/{slug}). A .ts file like every area's
 * list, hence createElement. */
export const screens = {
  SoftwareList: withData(["softwareCategories", "softwareList"], async () => {
    const { SoftwareListScreen } = await import("./software-list-screen")
    return {
      default: (props: RouteDataProps<["softwareCategories", "softwareList"]>) =>
        createElement(SoftwareListScreen, {
          softwareCategories: props.softwareCategories as SoftwareCategories | undefined,
          softwareList: props.softwareList as SoftwareList | undefined,
        }),
    }
  }),
  Software: withData(["softwareItem"], async () => {
    const { SoftwareScreen } = await import("./software-screen")
    return {
      default: (props: RouteDataProps<["softwareItem"]>) =>
        createElement(SoftwareScreen, { softwareItem: props.softwareItem as SoftwareItem | undefined }),
    }
  }),
  SoftwareModerationReviews: withData(["softwareModerationReviews"], async () => {
    const { ReviewModerationScreen } = await import("./review-moderation-screen")
    return {
      default: (props: RouteDataProps<["softwareModerationReviews"]>) =>
        createElement(ReviewModerationScreen, {
          softwareModerationReviews: props.softwareModerationReviews as ModerationReviews | undefined,
        }),
    }
  }),
  SoftwareAdd: withData(["softwareCategories", "softwareMine"], async () => {
    const { SoftwareAddScreen } = await import("./software-add-screen")
    return {
      default: (props: RouteDataProps<["softwareCategories", "softwareMine"]>) =>
        createElement(SoftwareAddScreen, {
          softwareCategories: props.softwareCategories as SoftwareCategories | undefined,
          softwareMine: props.softwareMine as MySoftware | undefined,
        }),
    }
  }),
  SoftwareEdit: withData(["softwareCategories", "softwareDraft"], async () => {
    const { SoftwareEditScreen } = await import("./software-edit-screen")
    return {
      default: (props: RouteDataProps<["softwareCategories", "softwareDraft"]>) =>
        createElement(SoftwareEditScreen, {
          softwareCategories: props.softwareCategories as SoftwareCategories | undefined,
          softwareDraft: props.softwareDraft as SoftwareDraft | undefined,
        }),
    }
  }),
  SoftwareModeration: withData(["softwareModerationItems"], async () => {
    const { SoftwareModerationScreen } = await import("./software-moderation-screen")
    return {
      default: (props: RouteDataProps<["softwareModerationItems"]>) =>
        createElement(SoftwareModerationScreen, {
          softwareModerationItems: props.softwareModerationItems as ModerationSubmissions | undefined,
        }),
    }
  }),
  SoftwareStatistics: withData(["softwareStatistics"], async () => {
    const { SoftwareStatisticsScreen } = await import("./software-statistics-screen")
    return {
      default: (props: RouteDataProps<["softwareStatistics"]>) =>
        createElement(SoftwareStatisticsScreen, {
          softwareStatistics: props.softwareStatistics as SoftwareStatistics | undefined,
        }),
    }
  }),
} satisfies Record<string, ScreenEntry>
