export {
  Timeline,
  TimelineItem,
  timelineMessageVariants,
  timelineTones,
  type TimelineProps,
  type TimelineItemProps,
  type TimelineTone,
} from "./timeline"
