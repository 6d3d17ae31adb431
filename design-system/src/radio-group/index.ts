export { RadioGroup, radioVariants, type RadioGroupProps, type RadioOption } from "./radio-group"
