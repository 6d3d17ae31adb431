import type { ApiKeyData, SessionsData, TwoFactorData } from "@manyhands/contract/accounts"
import { ProfileLayout } from "../profile-layout"
import { ApiKeySection } from "./api-key-section"
import { SessionsSection } from "./sessions-section"
import { TwoFactorSection } from "./two-factor-section"

/**
 * /profile/authentication: the API key first (where the dashboard's "Create an API key" leads), then two-factor
 * authentication and the account's sessions.
 */
export default function AuthenticationScreen({
  twoFactor,
  sessions,
  apiKey,
}: {
  twoFactor?: TwoFactorData
  sessions?: SessionsData
  apiKey?: ApiKeyData
}) {
  return (
    <ProfileLayout page="authentication">
      <ApiKeySection apiKey={apiKey} />
      <TwoFactorSection twoFactor={twoFactor} />
      <SessionsSection sessions={sessions} />
    </ProfileLayout>
  )
}
