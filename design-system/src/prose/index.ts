export {
  Callout,
  calloutVariants,
  Prose,
  ProseHeading,
  proseVariants,
  type CalloutProps,
  type CalloutTone,
  type ProseHeadingProps,
  type ProseProps,
} from "./prose"
export { slugify } from "./slug"
