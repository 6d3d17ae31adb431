export {
  Tooltip,
  TooltipProvider,
  tooltipContentVariants,
  type TooltipProps,
  type TooltipProviderProps,
  type TooltipSide,
} from "./tooltip"
