export {
  Select,
  SelectItem,
  SelectGroup,
  SelectSeparator,
  selectTriggerVariants,
  type SelectProps,
  type SelectItemProps,
  type SelectGroupProps,
  type SelectOption,
  type SelectOptionGroup,
} from "./select"
