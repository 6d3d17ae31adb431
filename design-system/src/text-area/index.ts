export { TextArea, textAreaVariants, type TextAreaProps } from "./text-area"
