export { Switch, switchVariants, switchThumbVariants, type SwitchProps } from "./switch"
