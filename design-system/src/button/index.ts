export {
  Button,
  buttonVariants,
  buttonVariantNames,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from "./button"
