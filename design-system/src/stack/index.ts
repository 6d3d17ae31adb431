export { Stack, type StackProps, type StackDirection, type StackAlign, type StackJustify } from "./stack"
export {
  layoutBreakpoints,
  responsiveClasses,
  spaceScale,
  type LayoutBreakpoint,
  type ResponsiveValue,
  type SpaceScale,
} from "./responsive"
