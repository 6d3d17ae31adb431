export { Alert, alertVariants, type AlertProps } from "./alert"
