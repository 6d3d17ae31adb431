export { LanguageNotice, type LanguageNoticeProps } from "./language-notice"
