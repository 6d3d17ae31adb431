export {
  TextInput,
  textInputVariants,
  textInputGroupVariants,
  type TextInputProps,
  type ControlSize,
} from "./text-input"
