import { SkeletonGroup, SkeletonText } from "@manyhands/design-system"
import { useShellServices } from "../../shell-context"
import { ProfileLayout } from "../profile-layout"
import { DetailsForm } from "./details-form"
import { EmailForm } from "./email-form"
import { WalletForm } from "./wallet-form"

/** /profile/edit: personal details, the sign-in address and the payout wallet, each its own form. */
export default function ProfileEditScreen() {
  const { user } = useShellServices()
  return (
    <ProfileLayout page="edit">
      {user ? (
        <>
          <DetailsForm user={user} />
          <EmailForm email={user.email} />
          <WalletForm email={user.email} wallet={user.profile.payoutWallet} />
        </>
      ) : (
        <SkeletonGroup>
          <SkeletonText lines={8} />
        </SkeletonGroup>
      )}
    </ProfileLayout>
  )
}
