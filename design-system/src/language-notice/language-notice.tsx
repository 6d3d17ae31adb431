import type { ReactNode } from "react"
import { Banner, type BannerProps } from "../banner/banner"
import { Button } from "../button/button"
import { GlobeIcon } from "../icons/icons"

export interface LanguageNoticeProps extends Omit<BannerProps, "children" | "action" | "title" | "icon"> {
  /** The offer, written in the visitor's language ("This page is in Russian. Read it in English?"). */
  message: ReactNode
  /** The link's text ("Switch to English"). */
  actionLabel: ReactNode
  /** Where the same page lives in the visitor's language. */
  actionHref: string
  /** Language of `message` and `actionLabel` (BCP 47, "en"), so screen readers pronounce them right. */
  lang?: string
  /** Called after the visitor closes the notice; the app remembers the choice. */
  onDismiss?: () => void
}

/**
 * Shown on the Russian site to a visitor whose browser asks for another language: the message is in the
 * visitor's language and links to the same page in it.
 */
export function LanguageNotice({
  message,
  actionLabel,
  actionHref,
  lang,
  tone = "info",
  ...props
}: LanguageNoticeProps) {
  return (
    <Banner
      data-slot="language-notice"
      tone={tone}
      icon={<GlobeIcon size={20} />}
      action={
        <Button asChild variant="secondary" className="bg-surface">
          <a href={actionHref} lang={lang} hrefLang={lang}>
            {actionLabel}
          </a>
        </Button>
      }
      {...props}
    >
      <span lang={lang}>{message}</span>
    </Banner>
  )
}
