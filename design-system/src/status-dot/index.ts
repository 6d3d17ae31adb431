export {
  StatusDot,
  statusDotVariants,
  statusDotStatuses,
  type StatusDotProps,
  type StatusDotStatus,
  type StatusDotSize,
} from "./status-dot"
