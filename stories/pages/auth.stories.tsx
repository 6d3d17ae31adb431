import { StrictMode, type ReactNode } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Route, Routes } from "react-router"
import { authApi } from "@manyhands/contract/accounts"
import { ApiFailure, screens, type AccountType, type ShellUser } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser } from "./story-shell"

const [
  { default: Register },
  { default: Login },
  { default: Logout },
  { default: TwoFactor },
  { default: TwoFactorError },
  { default: Remind },
  { default: CheckRemind },
  { default: Unlock },
  { default: ConfirmEmail },
  { default: CheckKey },
  { default: ChangeEmail },
  { default: DeleteEmail },
  { default: EditPurse },
  { default: EditType },
] = await Promise.all([
  screens.Register(),
  screens.Login(),
  screens.Logout(),
  screens.TwoFactor(),
  screens.TwoFactorError(),
  screens.Remind(),
  screens.CheckRemind(),
  screens.Unlock(),
  screens.ConfirmEmail(),
  screens.CheckKey(),
  screens.ChangeEmail(),
  screens.DeleteEmail(),
  screens.EditPurse(),
  screens.EditType(),
])

const meta = {
  title: "Screens/Auth",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/**
 * A screen at an address: `pattern` is its route path (for useParams), `url` what the visitor opened (for
 * useSearchParams). The decorator's router stays where it is; these Routes match against `url` instead.
 */
function At({ pattern, url, children }: { pattern: string; url: string; children: ReactNode }) {
  return (
    <Routes location={url}>
      <Route path={pattern} element={children} />
    </Routes>
  )
}

const newUser = (userType: AccountType | null): ShellUser => ({
  ...storyUser,
  profile: { ...storyUser.profile, userType },
})
/** The link moves payouts from PayPal to USDT on TRON (an address the server's validator accepts). */
const purseCheck = {
  method: "usdt-trc20",
  wallet: "TRQGYRCGkAkHZfkJL7zDd4piW2PZs68hve",
  currentMethod: "paypal",
  currentWallet: "ada.pay@example.com",
}

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const goTo = fn<(href: string) => void>()
const choose = fn(async (_type: AccountType) => {})
/** Refuses the first time, stores the type after. */
const chooseFlaky = fn(async (_type: AccountType) => {
  if (chooseFlaky.mock.calls.length === 1)
    throw refusal("We could not reach Manyhands. Check your connection and try again.", "FETCH_ERROR", 0)
})
const register = fn((body: unknown) => ({
  status: "confirmation-sent",
  email: (body as { email: string }).email,
}))
const sent = fn((_body: unknown) => ({ status: "sent" }))
const login = fn((_body: unknown) => ({ status: "signed-in", user: newUser("customer") }))
const twoFactor = fn((_body: unknown) => ({ status: "signed-in", user: newUser(null) }))
const challengeMissing = fn((_body: unknown) => {
  throw refusal("The sign-in took too long.", "TWO_FACTOR_CHALLENGE_MISSING", 401)
})
const resetPassword = fn((_body: unknown) => ({ status: "changed" }))
const confirmEmail = fn((_body: unknown) => ({ status: "confirmed", user: newUser(null) }))
const changeEmail = fn((_body: unknown) => ({ status: "changed", email: "ada@new.example" }))
/** The answer names what is stored after the decision: the current wallet when cancelled. */
const purseCancel = fn((_body: unknown) => ({
  status: "cancelled",
  method: purseCheck.currentMethod,
  wallet: purseCheck.currentWallet,
}))
/** Fails the first time, succeeds after. */
const purseFlaky = fn((_body: unknown) => {
  if (purseFlaky.mock.calls.length === 1)
    throw refusal("Something went wrong on our side. Try again.", "INTERNAL_ERROR", 500)
  return { status: "changed", method: purseCheck.method, wallet: purseCheck.wallet }
})
const rateLimited = () => {
  throw new ApiFailure("Too many attempts. Wait a little and try again.", "RATE_LIMITED", 429, {}, 540)
}
const accountLocked = () => {
  throw new ApiFailure("This account is locked.", "ACCOUNT_LOCKED", 423, {}, 3000)
}
const logout = fn((_body: unknown) => undefined)
const unlock = fn((_body: unknown) => ({ status: "unlocked", email: "ada@example.com" }))

// ---------------------------------------------------------------------------------------------- register

/** /auth/register?userType=worker: the type is preselected; the sign-up sends language and time zone. */
export const RegisterScreen: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.register)]: register,
        [on(authApi.resendConfirmation)]: { status: "sent" },
      }}
    >
      <At pattern="/auth/register" url="/auth/register?userType=worker">
        <Register />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Create your account")
    await expect(canvas.getByRole("radio", { name: "Earn money solving captchas" })).toBeChecked()
    await expect(canvas.getByRole("link", { name: "terms of service" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    )
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "correct horse battery")
    await expect(canvas.getByText("Good length. Avoid passwords you use on other sites.")).toBeVisible()
    await userEvent.click(canvas.getByRole("checkbox"))
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }))
    await expect(await canvas.findByRole("heading", { name: "Check your mail" })).toBeVisible()
    await expect(register).toHaveBeenCalledWith(
      expect.objectContaining({
        email: "ada@example.com",
        password: "correct horse battery",
        userType: "worker",
        acceptTerms: true,
        language: "en",
        timezone: expect.stringMatching(/\S/),
      }),
    )
    await expect(canvas.getByText(/We sent a confirmation link to ada@example.com/)).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Send the mail again" }))
    await expect(await canvas.findByText(/a new link is on its way/)).toBeVisible()
  },
}

/** Sending an empty form: every problem shows next to its field and the first invalid field gets focus. */
export const RegisterClientValidation: Story = {
  render: () => (
    <Shell api={{ [on(authApi.register)]: register }}>
      <Register />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }))
    const email = canvas.getByLabelText(/Email address/)
    await expect(email).toHaveFocus()
    await expect(email).toHaveAccessibleDescription("Enter your email address.")
    await expect(canvas.getByText("Enter your password.")).toBeVisible()
    await expect(canvas.getByText("Accept the terms of service to create an account.")).toBeVisible()
    // Validation runs as the user types.
    await userEvent.type(email, "ada@example")
    await expect(email).toHaveAccessibleDescription(/does not look like an email address/)
    await userEvent.type(canvas.getByLabelText(/^Password/), "short")
    await expect(canvas.getByText("At least 8 characters; 5 so far.", { exact: false })).toBeVisible()
    await expect(canvas.getByText("Use at least 8 characters.")).toBeVisible()
    await expect(register).not.toHaveBeenCalled()
  },
}

/** The server knows the common passwords: its refusal shows under the password and goes once it changes. */
export const RegisterCommonPassword: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.register)]: () => {
          const message = "This password is too common; choose one that is harder to guess."
          throw refusal(message, "PASSWORD_TOO_COMMON", 400, { password: message })
        },
      }}
    >
      <Register />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    const password = canvas.getByLabelText(/^Password/)
    await userEvent.type(password, "password123")
    await userEvent.click(canvas.getByRole("checkbox"))
    await userEvent.click(canvas.getByRole("button", { name: "Create account" }))
    await waitFor(() => expect(password).toHaveAccessibleDescription(/This password is too common/))
    await expect(password).toHaveFocus()
    // Next to the field only: no second message above the button.
    await expect(canvas.getAllByText(/This password is too common/)).toHaveLength(1)
  },
}

// ------------------------------------------------------------------------------------------------- login

/** A signed-in answer goes back to return_to, through a full page load. */
export const LoginScreen: Story = {
  render: () => (
    <Shell services={{ user: null, goTo }} api={{ [on(authApi.login)]: login }}>
      <At pattern="/auth/login" url="/auth/login?return_to=%2Fprofile%2Fedit">
        <Login />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/auth/remind",
    )
    await expect(canvas.getByLabelText(/^Password/)).toHaveAttribute("autocomplete", "current-password")
    // Tabbing through the empty fields says nothing yet: errors wait for typing or for "Sign in".
    await userEvent.click(canvas.getByLabelText(/Email address/))
    await userEvent.tab()
    await userEvent.tab()
    await expect(canvas.getByLabelText(/Email address/)).not.toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByLabelText(/^Password/)).not.toHaveAttribute("aria-invalid", "true")
    await userEvent.type(canvas.getByLabelText(/Email address/), " ada@example.com ")
    await userEvent.type(canvas.getByLabelText(/^Password/), "correct horse battery")
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/profile/edit"))
    await expect(login).toHaveBeenCalledWith({ email: "ada@example.com", password: "correct horse battery" })
  },
}

/** An account with 2FA goes on to the code step, keeping return_to; one from elsewhere is dropped. */
export const LoginTwoFactorStep: Story = {
  render: () => (
    <Shell services={{ user: null, goTo }} api={{ [on(authApi.login)]: { status: "two-factor" } }}>
      <At pattern="/auth/login" url="/auth/login?return_to=%2Fpay">
        <Login />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "correct horse battery{Enter}")
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/auth/oauth-2fa?return_to=%2Fpay"))
  },
}

/** A wrong password: the form-level message, and the form stays usable. */
export const LoginWrongPassword: Story = {
  render: () => (
    <Shell
      services={{ user: null, goTo }}
      api={{
        [on(authApi.login)]: () => {
          throw refusal("The address or the password is wrong.", "INVALID_CREDENTIALS", 401)
        },
      }}
    >
      <Login />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "wrong password")
    await userEvent.click(canvas.getByRole("button", { name: "Sign in" }))
    await expect(await canvas.findByRole("alert")).toHaveTextContent("The address or the password is wrong.")
    await expect(canvas.getByRole("button", { name: "Sign in" })).not.toHaveAttribute("aria-disabled")
    await expect(goTo).not.toHaveBeenCalled()
  },
}

/** Throttled here after wrong passwords: how long to wait (from Retry-After), and the way out. */
export const LoginRateLimited: Story = {
  render: () => (
    <Shell services={{ user: null }} api={{ [on(authApi.login)]: rateLimited }}>
      <Login />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "wrong password{Enter}")
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "Too many wrong passwords for this account from here. To protect it, you can try again in about 9 min.",
    )
    await expect(canvas.getByRole("link", { name: "Reset the password" })).toHaveAttribute(
      "href",
      "/auth/remind",
    )
  },
}

/** Locked for new browsers after failures from many places: the mailed link, a password reset, or waiting. */
export const LoginLocked: Story = {
  render: () => (
    <Shell services={{ user: null }} api={{ [on(authApi.login)]: accountLocked }}>
      <Login />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "correct horse battery{Enter}")
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("this account is locked for new browsers")
    await expect(alert).toHaveTextContent("We have mailed its address a link that unlocks it")
    await expect(alert).toHaveTextContent("in about 50 min.")
    await expect(canvas.getByRole("link", { name: "Reset the password" })).toHaveAttribute(
      "href",
      "/auth/remind",
    )
  },
}

/** An unconfirmed address: the message links to the page that sends the mail again. */
export const LoginNotConfirmed: Story = {
  render: () => (
    <Shell
      services={{ user: null }}
      api={{
        [on(authApi.login)]: () => {
          throw refusal("Confirm your address first.", "EMAIL_NOT_CONFIRMED", 403)
        },
      }}
    >
      <Login />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada+new@example.com")
    await userEvent.type(canvas.getByLabelText(/^Password/), "correct horse battery{Enter}")
    await expect(await canvas.findByRole("link", { name: "Confirm your address" })).toHaveAttribute(
      "href",
      "/auth/confirm-email?email=ada%2Bnew%40example.com",
    )
  },
}

/** A signed-in visitor is told so, with a way on and a way out: a button that posts the sign-out. */
export const LoginSignedIn: Story = {
  render: () => (
    <Shell services={{ user: storyUser, goTo }} api={{ [on(authApi.logout)]: logout }}>
      <Login />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("You are signed in as ada@example.com.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Continue" })).toHaveAttribute("href", "/enterpage")
    await expect(canvas.queryByRole("link", { name: "Sign out" })).toBeNull()
    canvas.getByRole("button", { name: "Sign out" }).focus()
    await userEvent.keyboard("{Enter}")
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"))
    await expect(logout).toHaveBeenCalledTimes(1)
  },
}

// ------------------------------------------------------------------------------------------------ logout

/** /auth/logout opened with a session: nothing happens until the button is used. */
export const LogoutScreen: Story = {
  render: () => (
    <Shell services={{ user: storyUser, goTo }} api={{ [on(authApi.logout)]: logout }}>
      <Logout />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText("You are signed in as ada@example.com. Sign out on this browser?"),
    ).toBeVisible()
    await expect(logout).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("button", { name: "Sign out" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/"))
    await expect(logout).toHaveBeenCalledTimes(1)
  },
}

/** /auth/logout without a session. */
export const LogoutSignedOut: Story = {
  render: () => (
    <Shell services={{ user: null }}>
      <Logout />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No one is signed in on this browser.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login")
  },
}

// -------------------------------------------------------------------------------------------- two-factor

/** Six digits sign in; a user without an account type chooses one next, then goes where they were going. */
export const TwoFactorScreen: Story = {
  render: () => (
    <Shell services={{ user: null, goTo }} api={{ [on(authApi.loginTwoFactor)]: twoFactor }}>
      <At pattern="/auth/oauth-2fa" url="/auth/oauth-2fa?return_to=%2Fpay">
        <TwoFactor />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Digit 1/)).toHaveAttribute("autocomplete", "one-time-code")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(canvas.getByText("Enter all 6 digits of the code.")).toBeVisible()
    await userEvent.click(canvas.getByLabelText(/Digit 1/))
    await userEvent.paste("123456")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/select-role?return_to=%2Fpay"))
    await expect(twoFactor).toHaveBeenCalledWith({ code: "123456" })
  },
}

/** A wrong code shows next to the code cells. */
export const TwoFactorWrongCode: Story = {
  render: () => (
    <Shell
      services={{ user: null, goTo }}
      api={{
        [on(authApi.loginTwoFactor)]: () => {
          throw refusal("This code is wrong or was already used.", "TWO_FACTOR_CODE_INVALID")
        },
      }}
    >
      <TwoFactor />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByLabelText(/Digit 1/))
    await userEvent.paste("654321")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await waitFor(() =>
      expect(canvas.getByLabelText(/Digit 1/)).toHaveAccessibleDescription(
        "This code is wrong or was already used.",
      ),
    )
    await expect(goTo).not.toHaveBeenCalled()
  },
}

/** A recovery code instead; an expired challenge leads to the error page. */
export const TwoFactorRecoveryExpired: Story = {
  render: () => (
    <Shell
      services={{ user: null, goTo }}
      api={{
        [on(authApi.loginTwoFactor)]: challengeMissing,
      }}
    >
      <TwoFactor />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Use a recovery code instead" }))
    const input = canvas.getByLabelText(/Recovery code/)
    await userEvent.type(input, "ab3d")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(input).toHaveAccessibleDescription(/A recovery code has 8 letters and digits/)
    await userEvent.type(input, "-ef7h")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/auth/two_factor_error"))
    await expect(challengeMissing).toHaveBeenCalledWith({ code: "ab3d-ef7h" })
  },
}

/** /auth/two_factor_error: why the sign-in stopped, how to start again, what to do without the app. */
export const TwoFactorErrorScreen: Story = {
  render: () => (
    <Shell>
      <TwoFactorError />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Sign in again" })).toHaveAttribute("href", "/auth/login")
    await expect(canvas.getByRole("link", { name: "support@manyhands.dev" })).toHaveAttribute(
      "href",
      "mailto:support@manyhands.dev",
    )
  },
}

// ------------------------------------------------------------------------------------- password reminder

/** /auth/remind: the same answer whether or not the address has an account. */
export const RemindScreen: Story = {
  render: () => (
    <Shell api={{ [on(authApi.remind)]: sent }}>
      <Remind />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com{Enter}")
    await expect(
      await canvas.findByText(/If an account uses ada@example.com, we sent it a link/),
    ).toBeVisible()
    await expect(sent).toHaveBeenCalledWith({ email: "ada@example.com" })
  },
}

/** /auth/check_remind/…: the link is checked, then a new password twice; success leads to sign-in. */
export const CheckRemindScreen: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.resetPasswordCheck)]: { email: "ada@example.com" },
        [on(authApi.resetPassword)]: resetPassword,
      }}
    >
      <At pattern="/auth/check_remind/:hash/:userId" url="/auth/check_remind/h4sh/42">
        <CheckRemind />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/For the account ada@example.com/)).toBeVisible()
    const password = canvas.getByLabelText(/^New password\*/)
    await userEvent.type(password, "a new long passphrase")
    await userEvent.type(canvas.getByLabelText(/^New password again/), "a new long passphrasf")
    await userEvent.click(canvas.getByRole("button", { name: "Save the new password" }))
    await expect(canvas.getByText("The two passwords are not the same.")).toBeVisible()
    await expect(resetPassword).not.toHaveBeenCalled()
    await userEvent.type(canvas.getByLabelText(/^New password again/), "{Backspace}e")
    await userEvent.click(canvas.getByRole("button", { name: "Save the new password" }))
    await expect(await canvas.findByRole("heading", { name: "Your password is changed" })).toBeVisible()
    await expect(resetPassword).toHaveBeenCalledWith({
      hash: "h4sh",
      userId: "42",
      password: "a new long passphrase",
    })
  },
}

// ------------------------------------------------------------------------------------- address confirmation

/** /auth/confirm-email?email=…: the address from the link fills the resend form. */
export const ConfirmEmailScreen: Story = {
  render: () => (
    <Shell api={{ [on(authApi.resendConfirmation)]: sent }}>
      <At pattern="/auth/confirm-email" url="/auth/confirm-email?email=ada%40example.com">
        <ConfirmEmail />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/We sent a confirmation link to ada@example.com/)).toBeVisible()
    await expect(canvas.getByLabelText(/Email address/)).toHaveValue("ada@example.com")
    await userEvent.click(canvas.getByRole("button", { name: "Send the mail again" }))
    await expect(await canvas.findByText(/a new link is on its way/)).toBeVisible()
    await expect(sent).toHaveBeenCalledWith({ email: "ada@example.com" })
  },
}

/** /auth/check_key/…: confirmed once (also under StrictMode), then on to the account-type choice. */
export const CheckKeyScreen: Story = {
  render: () => (
    <StrictMode>
      <Shell services={{ goTo }} api={{ [on(authApi.confirmEmail)]: confirmEmail }}>
        <At pattern="/auth/check_key/:hash/:userId" url="/auth/check_key/h4sh/42">
          <CheckKey />
        </At>
      </Shell>
    </StrictMode>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "Your address is confirmed" })).toBeVisible()
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/select-role"))
    await expect(confirmEmail).toHaveBeenCalledTimes(1)
    await expect(confirmEmail).toHaveBeenCalledWith({ hash: "h4sh", userId: "42" })
  },
}

/** A used or expired confirmation link: explained, with a form for a new one. */
export const CheckKeyInvalidToken: Story = {
  render: () => (
    <Shell
      services={{ goTo }}
      api={{
        [on(authApi.confirmEmail)]: () => {
          throw refusal("This link has already been used, has expired or is incomplete.", "TOKEN_INVALID")
        },
        [on(authApi.resendConfirmation)]: { status: "sent" },
      }}
    >
      <At pattern="/auth/check_key/:hash/:userId" url="/auth/check_key/old/42">
        <CheckKey />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This link does not work")).toBeVisible()
    await userEvent.type(canvas.getByLabelText(/Email address/), "ada@example.com")
    await userEvent.click(canvas.getByRole("button", { name: "Send the mail again" }))
    await expect(await canvas.findByText(/a new link is on its way/)).toBeVisible()
    await expect(goTo).not.toHaveBeenCalled()
  },
}

// ------------------------------------------------------------------------------------ address and wallet

/** /auth/change_email/…/confirm: nothing happens until the button; then the new address is named. */
export const ChangeEmailScreen: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.changeEmail)]: changeEmail,
      }}
    >
      <At pattern="/auth/change_email/:hash/:userId/:status" url="/auth/change_email/h4sh/42/confirm">
        <ChangeEmail />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(changeEmail).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("button", { name: "Use the new address" }))
    await expect(await canvas.findByText("Your account now uses ada@new.example.")).toBeVisible()
    await expect(changeEmail).toHaveBeenCalledWith({ hash: "h4sh", userId: "42", status: "confirm" })
  },
}

/** /auth/unlock/…: only the button unlocks (mail scanners open links), then the way back in. */
export const UnlockScreen: Story = {
  render: () => (
    <Shell api={{ [on(authApi.unlock)]: unlock }}>
      <At pattern="/auth/unlock/:hash/:userId" url="/auth/unlock/h4sh/42">
        <Unlock />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(unlock).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("button", { name: "Unlock my account" }))
    await expect(await canvas.findByText(/ada@example.com can sign in again/)).toBeVisible()
    await expect(unlock).toHaveBeenCalledWith({ hash: "h4sh", userId: "42" })
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login")
  },
}

/** /auth/delete_email/…: what will happen, then the removal and the way back in. */
export const DeleteEmailScreen: Story = {
  render: () => (
    <Shell api={{ [on(authApi.undoEmailChange)]: { status: "removed", email: "ada@example.com" } }}>
      <At pattern="/auth/delete_email/:hash/:userId" url="/auth/delete_email/h4sh/42">
        <DeleteEmail />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole("button", { name: "Remove the new address and sign out everywhere" }),
    )
    await expect(await canvas.findByText(/Your account uses ada@example.com again/)).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/login")
  },
}

/** /auth/edit_purse/…: before the decision, the current and the new payout method, each over its wallet. */
export const EditPurseScreen: Story = {
  render: () => (
    <Shell api={{ [on(authApi.walletChangeCheck)]: purseCheck }}>
      <At pattern="/auth/edit_purse/:hash/:userId" url="/auth/edit_purse/h4sh/42">
        <EditPurse />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("button", { name: "Confirm the new wallet" })).toBeVisible()
    const current = canvas.getByText("Current wallet").closest("div") as HTMLElement
    await expect(current).toHaveTextContent(`PayPal${purseCheck.currentWallet}`)
    const next = canvas.getByText("New wallet").closest("div") as HTMLElement
    await expect(next).toHaveTextContent(`USDT (TRC-20)${purseCheck.wallet}`)
  },
}

/** /auth/edit_purse/…: the current and the new method and wallet; the cancel step keeps the current one. */
export const EditPurseCancel: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.walletChangeCheck)]: purseCheck,
        [on(authApi.walletChange)]: purseCancel,
      }}
    >
      <At pattern="/auth/edit_purse/:hash/:userId" url="/auth/edit_purse/h4sh/42">
        <EditPurse />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(purseCheck.currentWallet)).toBeVisible()
    await expect(canvas.getByText("PayPal")).toBeVisible()
    await expect(canvas.getByText(purseCheck.wallet)).toBeVisible()
    await expect(canvas.getByText("USDT (TRC-20)")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Cancel the change" }))
    await expect(
      await canvas.findByText("The change is cancelled. Your payout wallet stays as it was."),
    ).toBeVisible()
    await expect(purseCancel).toHaveBeenCalledWith({ hash: "h4sh", userId: "42", action: "cancel" })
  },
}

/** A failed confirmation shows its error; "Try again" clears it and the two choices come back. */
export const EditPurseErrorReset: Story = {
  render: () => (
    <Shell
      api={{
        [on(authApi.walletChangeCheck)]: purseCheck,
        [on(authApi.walletChange)]: purseFlaky,
      }}
    >
      <At pattern="/auth/edit_purse/:hash/:userId" url="/auth/edit_purse/h4sh/42">
        <EditPurse />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Confirm the new wallet" }))
    await expect(await canvas.findByText("The change was not saved")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Confirm the new wallet" })).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await userEvent.click(canvas.getByRole("button", { name: "Confirm the new wallet" }))
    await expect(await canvas.findByText("Payouts now go to the new wallet:")).toBeVisible()
    await expect(canvas.getByText("USDT (TRC-20)")).toBeVisible()
    await expect(canvas.getByText(purseCheck.wallet)).toBeVisible()
    await expect(purseFlaky).toHaveBeenCalledTimes(2)
  },
}

// ------------------------------------------------------------------------------------ /cabinet/edittype

/** /cabinet/edittype?type=developer: the type is stored without a form, then on to return_to. */
export const EditTypeScreen: Story = {
  render: () => (
    <Shell services={{ accountType: null, chooseAccountType: choose, goTo }}>
      <At pattern="/cabinet/edittype" url="/cabinet/edittype?type=developer&return_to=%2Fcaptcha-workaround">
        <EditType />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Setting up your account")
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/captcha-workaround"))
    await expect(choose).toHaveBeenCalledWith("developer")
  },
}

/** The choice failed: the error shows with a way to try again, which stores it and goes on. */
export const EditTypeFailed: Story = {
  render: () => (
    <Shell services={{ accountType: null, chooseAccountType: chooseFlaky, goTo }}>
      <At pattern="/cabinet/edittype" url="/cabinet/edittype?type=worker">
        <EditType />
      </At>
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Your account type was not saved")).toBeVisible()
    await expect(canvas.getByText(/We could not reach Manyhands/)).toBeVisible()
    await expect(goTo).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/cabinet"))
    await expect(chooseFlaky).toHaveBeenCalledTimes(2)
  },
}
