import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { InternationalNotice, LanguageNotice } from "@manyhands/design-system"
import { useAppState } from "./app-state"
import type { CurrentUser } from "./initial-state"
import { importWithReload, reloadForChunkError } from "./lazy-reload"
import { INTERNATIONAL_NOTICE_COOKIE, LANGUAGE_BANNER_COOKIE } from "./notices"
import { isLanguageFallback } from "./reader-language"
import type { PageEntry } from "./route-table"
import { cookieString } from "./visitor-memory"
import { userApi } from "@manyhands/contract/accounts"

const secure = () => window.location.protocol === "https:"

// The modal (Radix's dialog, its focus trap and scroll lock) loads only for a user with a message to read.
const loadSystemMessageDialog = () => importWithReload(() => import("./system-message-dialog"))

/** The language banner and the international-version notice the server chose for this visitor. */
export function SiteNotices({ entry }: { entry: PageEntry | undefined }) {
  const { notices, readerLanguage, language } = useAppState()
  const [closed, setClosed] = useState(false)
  if (closed) return null
  const { languageBanner, internationalNotice, pageLanguageNotice } = notices
  // It concerns the page the server rendered, and others after it (client navigations) that lack the language too.
  if (pageLanguageNotice && isLanguageFallback(readerLanguage, language, entry)) {
    // About this page only: it cannot be closed for good, and it goes with the next page.
    return (
      <LanguageNotice
        lang={pageLanguageNotice.language}
        message={pageLanguageNotice.message}
        actionLabel={pageLanguageNotice.action}
        actionHref={pageLanguageNotice.href}
        dismissLabel={pageLanguageNotice.dismiss}
        onDismiss={() => setClosed(true)}
      />
    )
  }
  if (languageBanner) {
    return (
      <LanguageNotice
        lang={languageBanner.language}
        message={languageBanner.message}
        actionLabel={languageBanner.action}
        actionHref={languageBanner.href}
        dismissLabel={languageBanner.dismiss}
        onDismiss={() => {
          // For this browser session only: a visitor may still want the offer next time.
          document.cookie = cookieString(LANGUAGE_BANNER_COOKIE, "dismissed", secure())
          setClosed(true)
        }}
      />
    )
  }
  if (internationalNotice) {
    return (
      <InternationalNotice
        message={internationalNotice.message}
        linkLabel={internationalNotice.action}
        href={internationalNotice.href}
        dismissLabel={internationalNotice.dismiss}
        onDismiss={() => {
          document.cookie = cookieString(INTERNATIONAL_NOTICE_COOKIE, "dismissed", secure())
          setClosed(true)
        }}
      />
    )
  }
  return null
}

/**
 * Spec §4: open while the user has a system message with an id. Closing it (close button, Escape, overlay
 * or the confirm button) marks it read on the server and then clears it; if that fails the error is only
 * logged and the message stays.
 *
 * The modal portals out of the page, so the server's HTML never had it: it shows once its chunk has arrived,
 * fetched after the first render. A chunk that cannot be fetched reloads the page once (a new deploy); beyond
 * that the message waits for the next page.
 */
export function SystemMessageModal({
  user,
  onRead,
}: {
  user: CurrentUser | null
  onRead: (user: CurrentUser) => void
}) {
  const { t } = useTranslation("common")
  const { api, language } = useAppState()
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<Awaited<ReturnType<typeof loadSystemMessageDialog>>>()
  const message = user?.profile.systemMessage
  const wanted = Boolean(user && message?.id)
  useEffect(() => {
    if (!wanted || dialog) return
    let live = true
    loadSystemMessageDialog().then(
      (module) => {
        if (live) setDialog(module)
      },
      (error: unknown) => {
        if (!reloadForChunkError(error)) console.error("Manyhands: could not load the system message", error)
      },
    )
    return () => {
      live = false
    }
  }, [wanted, dialog])
  if (!user || !message?.id || !dialog) return null
  const html = message.message[language] ?? message.message.en ?? ""

  const markRead = async () => {
    if (busy) return
    setBusy(true)
    try {
      await api.send("PUT", userApi.readSystemMessage.url(), { id: message.id })
      onRead({ ...user, profile: { ...user.profile, systemMessage: null } })
    } catch (error) {
      console.error("Manyhands: could not mark the system message as read", error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <dialog.SystemMessageDialog
      title={t("systemMessage.title")}
      closeLabel={t("systemMessage.close")}
      confirmLabel={t("systemMessage.confirm")}
      html={html}
      busy={busy}
      onRead={() => void markRead()}
    />
  )
}
