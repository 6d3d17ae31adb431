import type { ApiKeyData, SessionsData, TwoFactorData } from "@manyhands/contract/accounts"
import { ProfileLayout } from "../profile-layout"
import { ApiKeySection } from "./api-key-section"
import { SessionsSection } from "./sessions-section"
import { TwoFactorSection } from "./two-factor-section"

/** /profile/authentication: two-factor authentication, the account's sessions and the API key. */
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
      <TwoFactorSection twoFactor={twoFactor} />
      <SessionsSection sessions={sessions} />
      <ApiKeySection apiKey={apiKey} />
    </ProfileLayout>
  )
}
