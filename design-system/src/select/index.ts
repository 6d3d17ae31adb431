export { Select, selectVariants, type SelectProps, type SelectOption, type SelectOptionGroup } from "./select"
