import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Button, KeyValueItem, KeyValueList } from "@manyhands/design-system"
import { LinkButton } from "../../blocks"
import { useRequestOnMount } from "../../forms"
import { payoutMethodLabel } from "../../profile/payout-methods"
import { ApiFailure, useShellServices } from "../../shell-context"
import type { BodyOf } from "@manyhands/contract"
import { authApi, type WalletChangeAnswer, type WalletChangeCheck } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { LinkFailure } from "../shared/link-failure"
import { Working } from "../shared/working"

type Action = BodyOf<typeof authApi.walletChange>["action"]

/**
 * /auth/edit_purse/:hash/:userId — the payout wallet change from the mail (spec §4): the link is checked on
 * arrival and shows the current and the new method and wallet; the user confirms or cancels. A failure can be
 * cleared ("Try again") to choose again.
 */
export default function EditPurseScreen() {
  const { t } = useTranslation("auth")
  const { t: common } = useTranslation("common")
  const { api } = useShellServices()
  const { hash = "", userId = "" } = useParams()
  const check = useRequestOnMount(() =>
    api.send<WalletChangeCheck>("POST", authApi.walletChangeCheck.url(), { hash, userId }),
  )
  const [busy, setBusy] = useState<Action | null>(null)
  const [failure, setFailure] = useState<ApiFailure | null>(null)
  const [answer, setAnswer] = useState<WalletChangeAnswer | null>(null)

  const decide = async (action: Action) => {
    setBusy(action)
    setFailure(null)
    try {
      setAnswer(
        await api.send<WalletChangeAnswer>("POST", authApi.walletChange.url(), { hash, userId, action }),
      )
    } catch (error) {
      if (!(error instanceof ApiFailure)) console.error("Manyhands: the wallet change failed", error)
      setFailure(
        error instanceof ApiFailure
          ? error
          : new ApiFailure(common("errors.codes.INTERNAL_ERROR"), "INTERNAL_ERROR", undefined),
      )
    } finally {
      setBusy(null)
    }
  }

  const profile = (
    <div>
      <LinkButton to="/profile">{t("editPurse.profile")}</LinkButton>
    </div>
  )

  if (answer)
    return (
      <AuthCard title={t("editPurse.title")}>
        <Alert tone="success">
          {answer.status === "changed" ? (
            <>
              {t("editPurse.changed")}
              {answer.wallet ? (
                <span className="mt-1 block">
                  <MethodWallet method={answer.method} wallet={answer.wallet} />
                </span>
              ) : null}
            </>
          ) : (
            t("editPurse.cancelled")
          )}
        </Alert>
        {profile}
      </AuthCard>
    )

  if (check.phase !== "done")
    return (
      <AuthCard title={t("editPurse.title")}>
        {check.phase === "working" ? (
          <Working text={t("editPurse.checking")} />
        ) : (
          <LinkFailure failure={check.failure} onRetry={check.retry}>
            {profile}
          </LinkFailure>
        )}
      </AuthCard>
    )

  const { method, wallet, currentMethod, currentWallet } = check.data
  return (
    <AuthCard title={t("editPurse.title")} lead={t("editPurse.lead")}>
      <KeyValueList layout="stacked" className="grid-cols-1">
        <KeyValueItem label={t("editPurse.current")}>
          {currentWallet ? (
            <MethodWallet method={currentMethod} wallet={currentWallet} />
          ) : (
            t("editPurse.none")
          )}
        </KeyValueItem>
        <KeyValueItem label={t("editPurse.new")}>
          <MethodWallet method={method} wallet={wallet} />
        </KeyValueItem>
      </KeyValueList>
      {failure ? (
        failure.code === "TOKEN_INVALID" ? (
          <LinkFailure failure={failure}>{profile}</LinkFailure>
        ) : (
          // Nothing was changed: clearing the error brings the two choices back (spec §4 "error reset").
          <Alert
            tone="danger"
            title={t("editPurse.failed")}
            action={
              <Button variant="secondary" onClick={() => setFailure(null)}>
                {t("retry")}
              </Button>
            }
          >
            {failure.message}
          </Alert>
        )
      ) : (
        // Side by side where both labels fit (they are long in some languages), else one under the other.
        <div className="flex flex-wrap gap-3">
          <Button
            size="lg"
            className="flex-auto"
            loading={busy === "confirm"}
            disabled={busy === "cancel"}
            onClick={() => void decide("confirm")}
          >
            {t("editPurse.confirm")}
          </Button>
          <Button
            size="lg"
            variant="secondary"
            className="flex-auto"
            loading={busy === "cancel"}
            disabled={busy === "confirm"}
            onClick={() => void decide("cancel")}
          >
            {t("editPurse.cancel")}
          </Button>
        </div>
      )}
    </AuthCard>
  )
}

/** A payout method's name over its wallet; a wallet saved before methods existed has none. */
function MethodWallet({ method, wallet }: { method: string | null; wallet: string }) {
  const { t } = useTranslation("auth")
  return (
    <>
      <span className="block">{method ? payoutMethodLabel(method) : t("editPurse.noMethod")}</span>
      <span className="block break-all font-mono text-[0.8125rem] font-normal">{wallet}</span>
    </>
  )
}
