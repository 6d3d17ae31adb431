export { CopyButton, COPY_FEEDBACK_MS, type CopyButtonProps, type CopyState } from "./copy-button"
