import type { ReactNode } from "react"
import { Banner, type BannerProps } from "../banner/banner"
import { Button } from "../button/button"
import { ExternalLinkIcon, GlobeIcon } from "../icons/icons"

export interface InternationalNoticeProps extends Omit<
  BannerProps,
  "children" | "action" | "title" | "icon"
> {
  /** Optional headline ("Manyhands International"). */
  title?: ReactNode
  /** What the international version offers. */
  message: ReactNode
  /** The link's text ("Go to the international site"). */
  linkLabel: ReactNode
  /** Address of the international version. */
  href: string
  /** Language of the texts when it differs from the page's (BCP 47). */
  lang?: string
  /**
   * Called when the visitor closes the notice; the app stores that (a cookie for a year) and stops showing
   * it. Without it the notice cannot be closed.
   */
  onDismiss?: () => void
}

/** Offers the international version of the service to visitors of the regional one. */
export function InternationalNotice({
  title,
  message,
  linkLabel,
  href,
  lang,
  tone = "promo",
  ...props
}: InternationalNoticeProps) {
  return (
    <Banner
      data-slot="international-notice"
      tone={tone}
      icon={<GlobeIcon size={20} />}
      title={title ? <span lang={lang}>{title}</span> : undefined}
      action={
        <Button asChild variant="secondary" className="bg-surface">
          <a href={href} lang={lang}>
            {linkLabel}
            <ExternalLinkIcon />
          </a>
        </Button>
      }
      {...props}
    >
      <span lang={lang}>{message}</span>
    </Banner>
  )
}
