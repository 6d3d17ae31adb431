export { InternationalNotice, type InternationalNoticeProps } from "./international-notice"
