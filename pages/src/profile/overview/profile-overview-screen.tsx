import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Badge,
  Button,
  KeyValueItem,
  KeyValueList,
  SkeletonGroup,
  SkeletonText,
  isSiteLocale,
  localeNames,
} from "@manyhands/design-system"
import { LinkCardGrid, TextLink } from "../../blocks"
import { useShellServices } from "../../shell-context"
import { payoutMethodLabel, usePayoutSettings } from "../payout-methods"
import { ProfileCard } from "../profile-card"
import { PROFILE_PAGES, ProfileLayout } from "../profile-layout"

const QUICK_LINKS = ["password", "notifications", "authentication", "documents"] as const

/** /profile: the signed-in user's account at a glance, with the way to each profile page. */
export default function ProfileOverviewScreen() {
  const { t } = useTranslation("profile")
  const { user } = useShellServices()
  const language = user?.interfaceLanguage ?? ""

  return (
    <ProfileLayout page="overview">
      <ProfileCard
        id="profile-account"
        title={t("overview.detailsTitle")}
        action={
          <Button asChild variant="secondary">
            <Link to={PROFILE_PAGES.edit.href}>{t("overview.edit")}</Link>
          </Button>
        }
      >
        {user ? (
          <KeyValueList divided>
            <KeyValueItem label={t("overview.email")}>{user.email}</KeyValueItem>
            <KeyValueItem label={t("overview.displayName")}>
              {user.profile.displayName || <Unset>{t("overview.noDisplayName")}</Unset>}
            </KeyValueItem>
            <KeyValueItem label={t("overview.accountType")}>
              {user.profile.userType ? (
                t(`accountTypes.${user.profile.userType}`)
              ) : (
                <span className="flex flex-wrap items-baseline gap-x-3">
                  <Unset>{t("overview.noAccountType")}</Unset>
                  <TextLink to="/select-role">{t("overview.chooseAccountType")}</TextLink>
                </span>
              )}
            </KeyValueItem>
            <KeyValueItem label={t("overview.language")}>
              <span lang={language}>{isSiteLocale(language) ? localeNames[language] : language}</span>
            </KeyValueItem>
            <KeyValueItem label={t("overview.timezone")}>{user.profile.timezone}</KeyValueItem>
            <KeyValueItem label={t("overview.wallet")}>
              {user.profile.payoutWallet ? (
                <PayoutWallet wallet={user.profile.payoutWallet} />
              ) : (
                <Unset>{t("overview.noWallet")}</Unset>
              )}
            </KeyValueItem>
            <KeyValueItem label={t("overview.twoFactor")}>
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {user.profile.twoFactorEnabled ? (
                  <Badge tone="success" dot>
                    {t("overview.twoFactorOn")}
                  </Badge>
                ) : (
                  <Badge tone="warning" dot>
                    {t("overview.twoFactorOff")}
                  </Badge>
                )}
                <TextLink to={PROFILE_PAGES.authentication.href}>{t("overview.twoFactorManage")}</TextLink>
              </span>
            </KeyValueItem>
          </KeyValueList>
        ) : (
          <SkeletonGroup>
            <SkeletonText lines={7} />
          </SkeletonGroup>
        )}
      </ProfileCard>
      <section aria-labelledby="profile-quick-links" className="flex flex-col gap-4">
        <h2 id="profile-quick-links" className="text-xl font-semibold">
          {t("overview.quickLinksTitle")}
        </h2>
        <LinkCardGrid
          columns={2}
          items={QUICK_LINKS.map((id) => ({
            id,
            to: PROFILE_PAGES[id].href,
            title: t(`overview.links.${id}`),
            text: t(`overview.links.${id}Text`),
          }))}
        />
      </section>
    </ProfileLayout>
  )
}

/**
 * The stored wallet with its payout method, once the methods are loaded (on failure the wallet alone). A
 * wallet saved before methods existed receives no payouts until it is set again: a warning says so.
 */
function PayoutWallet({ wallet }: { wallet: string }) {
  const { t } = useTranslation("profile")
  const settings = usePayoutSettings()
  const ready = settings.phase === "ready" ? settings.data : null
  const current = ready?.current ?? null
  const label = current
    ? (ready?.methods.find((method) => method.name === current.method)?.label ??
      payoutMethodLabel(current.method))
    : null
  return (
    <span className="flex flex-col gap-1">
      {label ? <span>{label}</span> : null}
      <span className="break-all font-mono text-[0.8125rem] font-normal">{current?.wallet ?? wallet}</span>
      {ready && !current ? (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Badge tone="warning" dot>
            {t("overview.noMethod")}
          </Badge>
          <TextLink to={PROFILE_PAGES.edit.href}>{t("overview.setMethod")}</TextLink>
        </span>
      ) : null}
    </span>
  )
}

/** A value the user has not set yet. */
function Unset({ children }: { children: string }) {
  return <span className="font-normal text-muted-foreground">{children}</span>
}
