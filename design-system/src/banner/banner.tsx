import { Notice, type NoticeProps } from "./notice"

export { bannerVariants } from "./notice"

export type BannerProps = NoticeProps

/**
 * A full-width notice across the top of a page or section: maintenance, an empty balance, a promotion. The
 * banner presentation of the notice whose inline one is `Alert`. Danger banners are announced at once
 * (role="alert"), the others politely (role="status").
 */
export function Banner(props: BannerProps) {
  return <Notice presentation="banner" {...props} />
}
