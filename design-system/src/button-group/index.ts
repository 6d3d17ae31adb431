export { ButtonGroup, buttonGroupVariants, type ButtonGroupProps } from "./button-group"
