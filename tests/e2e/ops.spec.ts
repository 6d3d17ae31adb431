import { expect, test, type Page } from "./fixtures"
import { csrfToken, hydrated, registerCustomer, signIn } from "./helpers"

/** The customer's key answers getBalance (the v2 API): its errorId and, when it is refused, the code. */
async function balanceOf(page: Page, key: string): Promise<{ errorId: number; errorCode?: string }> {
  const response = await page.request.post("/getBalance", { data: { clientKey: key } })
  return (await response.json()) as { errorId: number; errorCode?: string }
}

// Issue 24's journey: an admin finds a customer by the start of their API key, bans them (the key is refused and
// they are signed out) and lifts the ban, writes them a system message that they read in their language and close,
// and finds both in the audit log.
test("an admin finds a customer by API-key prefix, bans and unbans them, and writes them a message they read in Russian", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const customer = await (await browser.newContext()).newPage()
  const email = `ops-${Date.now()}@example.com`
  await registerCustomer(customer, email)
  const created = await customer.request.post("/api/v2/profile/api-key", {
    headers: { "x-csrf-token": await csrfToken(customer) },
  })
  expect(created.status()).toBe(200)
  const { key } = (await created.json()) as { key: string }
  expect((await balanceOf(customer, key)).errorId).toBe(0)

  const admin = await (await browser.newContext()).newPage()
  await signIn(admin, "admin@demo.manyhands.dev")
  await admin.goto("/admin")
  await hydrated(admin)
  await admin
    .getByRole("link", { name: /^Users/ })
    .first()
    .click()
  await expect(admin).toHaveURL(/\/admin\/users$/)
  await hydrated(admin)
  const search = admin.getByRole("search", { name: "Search users" })
  await search.getByRole("searchbox").fill(key.slice(0, 8))
  await search.getByRole("button", { name: "Search" }).click()
  const results = admin.getByRole("region", { name: `Accounts matching “${key.slice(0, 8)}”` })
  const row = results.getByRole("row").filter({ hasText: email })
  await expect(row).toContainText("API key")
  await row.getByRole("link", { name: email }).click()
  await expect(admin).toHaveURL(/\/admin\/users\/\d+$/)
  await hydrated(admin)

  // The ban: reason required, the key answers ERROR_ACCOUNT_SUSPENDED and the customer's session ends.
  await admin.getByRole("button", { name: "Ban", exact: true }).click()
  let dialog = admin.getByRole("alertdialog", { name: "Ban this account" })
  await dialog.getByRole("textbox", { name: /Reason/ }).fill("Chargebacks on three cards")
  await dialog.getByRole("button", { name: "Ban the account" }).click()
  await expect(admin.getByText(`${email} is banned.`)).toBeVisible()
  expect(await balanceOf(customer, key)).toMatchObject({ errorId: 55, errorCode: "ERROR_ACCOUNT_SUSPENDED" })
  const me = await customer.request.get("/api/v2/user")
  expect(me.status()).toBe(401)

  await admin.getByRole("button", { name: "Lift the ban" }).click()
  dialog = admin.getByRole("alertdialog", { name: "Lift the ban" })
  await dialog.getByRole("textbox", { name: /Reason/ }).fill("The bank confirmed the payments")
  await dialog.getByRole("button", { name: "Lift the ban" }).click()
  await expect(admin.getByText(`The ban of ${email} was lifted.`)).toBeVisible()
  expect((await balanceOf(customer, key)).errorId).toBe(0)

  // A system message to this one account, in English and Russian.
  await admin.goto("/admin/messages")
  await hydrated(admin)
  await admin.getByRole("textbox", { name: "Label" }).fill(`Chargeback review ${email}`)
  await admin
    .getByRole("textbox", { name: "Text in English" })
    .fill("Your payments were reviewed: all is well.")
  await admin.getByRole("combobox", { name: "Language" }).selectOption("ru")
  await admin.getByRole("textbox", { name: "Text in Russian" }).fill("Ваши платежи проверены: всё в порядке.")
  await admin.getByRole("radio", { name: "One account" }).check()
  await admin.getByRole("textbox", { name: "E-mail or account ID" }).fill(email)
  await admin.getByRole("button", { name: "Send…" }).click()
  await admin
    .getByRole("alertdialog", { name: "Send the message?" })
    .getByRole("button", { name: "Send now" })
    .click()
  await expect(admin.getByText(`“Chargeback review ${email}” sent. Recipients: 1.`)).toBeVisible()

  // The customer signs in again (the ban ended their session) and reads it on the Russian pages.
  await signIn(customer, email)
  await customer.goto("/ru/about")
  await hydrated(customer)
  const message = customer.getByRole("dialog", { name: "Сообщение от Manyhands" })
  await expect(message).toContainText("Ваши платежи проверены: всё в порядке.")
  await message.getByRole("button", { name: "Понятно, прочитано" }).click()
  await expect(message).toBeHidden()
  await customer.reload()
  await hydrated(customer)
  await expect(customer.getByRole("dialog")).toHaveCount(0)

  // The list of sent messages counts the reader; the audit log has the ban, the unban and the message.
  await admin.reload()
  await hydrated(admin)
  await expect(
    admin
      .getByRole("row")
      .filter({ hasText: `Chargeback review ${email}` })
      .getByText("1 of 1"),
  ).toBeVisible()
  const audit = (await (await admin.request.get("/api/v2/admin/audit")).json()) as {
    items: { action: string; reason: string | null }[]
  }
  expect(audit.items).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: "user.ban", reason: "Chargebacks on three cards" }),
      expect.objectContaining({ action: "user.unban", reason: "The bank confirmed the payments" }),
    ]),
  )
})

test("a moderator suspends a worker from a type and lifts the suspension", async ({ page }) => {
  await signIn(page, "moderator@demo.manyhands.dev")
  await page.goto("/moderation/workers")
  await hydrated(page)
  await page.getByRole("searchbox", { name: "E-mail or ID" }).fill("worker@demo.manyhands.dev")
  await page.getByRole("button", { name: "Find" }).click()
  await page
    .getByRole("link", { name: /worker@demo\.manyhands\.dev/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/moderation\/workers\/\d+$/)
  await hydrated(page)

  // Bounding boxes: a type no other journey has the demo worker solve.
  await page.getByRole("button", { name: "Suspend: BoundingBoxTask" }).click()
  let dialog = page.getByRole("alertdialog", { name: "Suspend from a task type" })
  await dialog.getByRole("textbox", { name: "Reason" }).fill("Boxes drawn around the wrong objects")
  await dialog.getByRole("button", { name: "Suspend" }).click()
  await expect(page.getByText("worker@demo.manyhands.dev is suspended from BoundingBoxTask.")).toBeVisible()

  await page.getByRole("button", { name: "Lift suspension: BoundingBoxTask" }).click()
  dialog = page.getByRole("alertdialog", { name: "Lift the suspension" })
  await dialog.getByRole("textbox", { name: "Why it is lifted" }).fill("Reviewed: the boxes were right")
  await dialog.getByRole("button", { name: "Lift suspension" }).click()
  await expect(
    page.getByText("Suspension lifted: worker@demo.manyhands.dev can take BoundingBoxTask tasks again."),
  ).toBeVisible()
  await expect(page.getByRole("button", { name: "Suspend: BoundingBoxTask" })).toBeVisible()
})
