import { expect, test, type Page } from "./fixtures"
import { totpCode } from "@manyhands/server/totp"
import { field, hydrated, linkFromMail, signInWithForm as signIn, signOut } from "./helpers"

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")

/** A TOTP code a phone would show now, or `steps` time steps later (the server accepts the next one too). */
const codeFor = (secret: string, steps = 0) => totpCode(secret, Date.now() + steps * 30_000)

/** Types a code into the one-digit-per-box code field, as a person would. */
async function typeCode(page: Page, code: string) {
  await page.locator('input[autocomplete="one-time-code"]').click()
  await page.keyboard.type(code)
}

test("a new user registers, confirms, chooses a role, turns on 2FA, signs in with a code, resets the password, changes the address and deletes the account", async ({
  page,
}) => {
  test.setTimeout(240_000)
  const stamp = Date.now().toString(36)
  const email = `walker-${stamp}@example.com`
  const newEmail = `walker-new-${stamp}@example.com`
  const password = "a long walk through the hills"
  const newPassword = "another walk along the river"

  // Register.
  await page.goto("/auth/register")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await field(page, "Password").fill(password)
  await page.getByRole("checkbox", { name: /terms of service/ }).check()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()

  // Read the mail and confirm: the link signs the new user in and asks for a role.
  await page.goto(await linkFromMail(page, email, "/auth/check_key"))
  await expect(page).toHaveURL(/\/select-role/)
  await hydrated(page)
  await page.getByRole("radio", { name: /Worker/ }).click()
  await page.getByRole("button", { name: "Continue" }).click()
  // A worker's work is in the cabinet (not the marketing page that invites them to sign up).
  await expect(page).toHaveURL(/\/cabinet$/)

  // Turn on two-factor authentication.
  await page.goto("/profile/authentication")
  await hydrated(page)
  await page.getByRole("button", { name: "Turn on" }).click()
  await field(page, "Current password").fill(password)
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible()
  const secret = (await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7]{32}$/ })
    .textContent())!
  await typeCode(page, codeFor(secret))
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click()
  await expect(page.getByText("Save your recovery codes")).toBeVisible()
  const recoveryCodes = (await page.locator("main").innerText()).match(/\b[a-z2-9]{4}-[a-z2-9]{4}\b/g) ?? []
  expect(recoveryCodes).toHaveLength(10)
  await page.getByRole("button", { name: "I saved them" }).click()
  await expect(page.getByText("Save your recovery codes")).toBeHidden()

  // Log out, then log in with a code.
  await signOut(page)
  await signIn(page, email, password)
  await expect(page).toHaveURL(/\/auth\/oauth-2fa/)
  await hydrated(page)
  // The code of the next time step: the current one was spent turning 2FA on.
  await typeCode(page, codeFor(secret, 1))
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page).toHaveURL(/\/cabinet$/)
  await expect(page.getByText(email).first()).toBeVisible()

  // Forgot the password: the reminder mail leads to a new one, and every session ends.
  await page.goto("/auth/remind")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await page.getByRole("button", { name: "Send the link" }).click()
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible()
  await page.goto(await linkFromMail(page, email, "/auth/check_remind"))
  await hydrated(page)
  await field(page, "New password").fill(newPassword)
  await field(page, "New password again").fill(newPassword)
  await page.getByRole("button", { name: "Save the new password" }).click()
  await expect(page.getByRole("heading", { name: "Your password is changed" })).toBeVisible()

  // The old password no longer works; the new one does, with a recovery code as the second factor.
  await signIn(page, email, password)
  await expect(page.getByText("The address or the password is wrong.")).toBeVisible()
  await signIn(page, email, newPassword)
  await expect(page).toHaveURL(/\/auth\/oauth-2fa/)
  await hydrated(page)
  await page.getByRole("button", { name: "Use a recovery code instead" }).click()
  await field(page, "Recovery code").fill(recoveryCodes[0]!)
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page).toHaveURL(/\/cabinet$/)

  // Change the e-mail address: the link goes to the new address.
  await page.goto("/profile/edit")
  await hydrated(page)
  const emailForm = page.getByRole("region", { name: "E-mail address" })
  await field(emailForm, "New e-mail address").fill(newEmail)
  await field(emailForm, "Current password").fill(newPassword)
  await emailForm.getByRole("button", { name: "Change e-mail address" }).click()
  await expect(emailForm.getByText(`We sent a confirmation link to ${newEmail}`)).toBeVisible()
  await page.goto(await linkFromMail(page, newEmail, "/auth/change_email"))
  await hydrated(page)
  await page.getByRole("button", { name: "Use the new address" }).click()
  await expect(page.getByText(`Your account now uses ${newEmail}.`)).toBeVisible()

  // Delete the account: password and a second factor, then signed out for good.
  await page.goto("/profile/delete")
  await hydrated(page)
  await field(page, "Current password").fill(newPassword)
  await field(page, "Two-factor code").fill(recoveryCodes[1]!)
  await page.getByRole("checkbox", { name: /cannot be restored/ }).check()
  await page.getByRole("button", { name: "Delete my account" }).click()
  await expect(page).toHaveURL(`${base.origin}/`)
  await hydrated(page)
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible()
  await signIn(page, newEmail, newPassword)
  await expect(page.getByText("The address or the password is wrong.")).toBeVisible()
})

test("demo users sign in with the README credentials and land where their work is", async ({ page }) => {
  await signIn(page, "worker@demo.manyhands.dev", "manyhands-demo")
  await expect(page).toHaveURL(/\/cabinet$/)
  // The header leads to the user's work, and shows a customer's balance.
  const header = page.getByRole("banner")
  await expect(header.getByRole("link", { name: "Solve captchas" })).toHaveAttribute("href", "/cabinet")
  await page.context().clearCookies()
  await signIn(page, "developer@demo.manyhands.dev", "manyhands-demo")
  await expect(page).toHaveURL(/\/enterpage$/)
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/enterpage")
  await expect(header.getByRole("link", { name: /^Balance: \$\d+\.\d{2} — top up$/ })).toHaveAttribute(
    "href",
    "/addbalance",
  )
  await expect(page.getByRole("button", { name: /Account menu of/ })).toBeVisible()
})

test("a protected page sends a visitor to sign in and back again", async ({ page }) => {
  await page.goto("/profile/notif")
  await expect(page).toHaveURL(/\/auth\/login\?return_to=%2Fprofile%2Fnotif$/)
  await hydrated(page)
  await field(page, "Email address").fill("developer@demo.manyhands.dev")
  await field(page, "Password").fill("manyhands-demo")
  await page.getByRole("button", { name: "Sign in" }).click()
  await expect(page).toHaveURL(/\/profile\/notif$/)
})

test("saving another interface language shows the settings in it and keeps it", async ({ page }) => {
  await signIn(page, "worker@demo.manyhands.dev", "manyhands-demo")
  await expect(page).toHaveURL(/\/cabinet$/)
  await page.goto("/profile/edit")
  await hydrated(page)
  await page.getByRole("combobox", { name: /Interface language/ }).selectOption("Deutsch")
  await page.getByRole("button", { name: "Save changes" }).click()
  await expect(page).toHaveURL(/\/de\/profile\/edit$/)
  await hydrated(page)
  await expect(page.locator("html")).toHaveAttribute("lang", "de")
  const user = await (await page.request.get("/api/v2/user")).json()
  expect(user.interfaceLanguage).toBe("de")
})

test("a sign-in or sign-up form sent before the page's script has loaded keeps the password out of the address", async ({
  page,
}) => {
  // No script ever loads: the browser submits the server-rendered form itself.
  await page.route(/\.m?js(\?|$)/, (route) => route.abort())
  for (const [path, fields] of [
    ["/auth/login", ["Email address", "Password"]],
    ["/auth/register", ["Email address", "Password"]],
  ] as const) {
    await page.goto(path)
    await field(page, fields[0]).fill("early@example.com")
    await field(page, fields[1]).fill("typed before the script")
    const sent = page.waitForRequest((request) => request.method() === "POST")
    await field(page, fields[1]).press("Enter")
    const request = await sent
    expect(request.url()).not.toContain("typed")
    await page.waitForURL((url) => url.pathname === path)
    expect(page.url()).not.toContain("typed")
    expect(page.url()).not.toContain("password")
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible()
  }
})
