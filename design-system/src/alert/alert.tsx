import { Notice, type NoticeProps } from "../banner/notice"

export { alertVariants } from "../banner/notice"

export type AlertProps = NoticeProps

/**
 * A notice inside the content, next to what it is about (a form, a table): a bordered box with the actions under
 * the message. The inline presentation of the notice whose full-width one is `Banner`. Each tone has its icon;
 * danger is announced at once (role="alert"), the other tones politely (role="status").
 */
export function Alert(props: AlertProps) {
  return <Notice presentation="inline" {...props} />
}
