import http from "node:http"
import { expect, test, type Page } from "./fixtures"
import { available, hydrated, ledger, registerCustomer, startTopUp } from "./helpers"

/*
 * Proxies (issue 25) as one journey on the test server's own gateway: a new customer tops up, buys 1 GB of
 * residential traffic, creates a sub-user, allow-lists an address, sends traffic through the gateway with the
 * password and from the allow-listed address (and is refused from another), then finds the traffic in
 * /proxy/statistics and the purchase in the payment history; the ledger agrees.
 */

interface Gateway {
  host: string
  httpPort: number
  socksPort: number
}

/** GET `path` of the test server through the gateway (plain HTTP proxying); the status and the body's length. */
function throughGateway(
  gateway: Gateway,
  target: string,
  options: { auth?: string; localAddress?: string } = {},
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port: gateway.httpPort,
      path: target,
      agent: false,
      localAddress: options.localAddress,
      headers: {
        host: new URL(target).host,
        ...(options.auth
          ? { "proxy-authorization": `Basic ${Buffer.from(options.auth).toString("base64")}` }
          : {}),
      },
    })
    request.on("error", reject)
    request.on("response", (response) => {
      let bytes = 0
      response.on("data", (part: Buffer) => (bytes += part.length))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes }))
    })
    request.end()
  })
}

/** Chooses an option of a design-system Select (a native select) by its label and the option's text. */
async function choose(page: Page, label: string, option: string | RegExp) {
  const select = page.getByRole("combobox", { name: label })
  const text = await select.getByRole("option", { name: option }).textContent()
  await select.selectOption({ label: text ?? "" })
}

test("a customer buys traffic, creates a sub-user, allow-lists an address, sends traffic through the gateway and sees it in the statistics and the payment history", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `proxy-${suffix}@example.com`
  await registerCustomer(page, email)
  await startTopUp(page, "10")
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page.getByRole("heading", { name: "$10.00 added to your balance" })).toBeVisible()

  // 1 GB of residential traffic from the balance.
  await page.goto("/proxy")
  await hydrated(page)
  const buy = page.getByRole("region", { name: "Buy traffic" })
  await choose(page, "Pool", /^Residential, \$4\.00 per GB/)
  await buy.getByRole("spinbutton", { name: "Amount" }).fill("1")
  await expect(buy.getByText("Price: $4.00")).toBeVisible()
  await buy.getByRole("button", { name: "Buy 1 GB" }).click()
  await expect(buy.getByText("You bought 1 GB of Residential traffic for $4.00.")).toBeVisible()
  const afterPurchase = await ledger(page, email)
  expect(afterPurchase.balanced).toBe(true)
  expect(available(afterPurchase, "customer_balance")).toBe(6_000_000)

  // A sub-user, and its password as the page shows it.
  const name = `e2e${suffix}`.slice(0, 24)
  await page.goto("/proxy/users")
  await hydrated(page)
  await page.getByRole("textbox", { name: "Name" }).fill(name)
  await page.getByRole("button", { name: "Create sub-user" }).click()
  await expect(page.getByText(`Sub-user ${name} was created.`)).toBeVisible()
  await page.getByRole("button", { name: `Show the password of ${name}` }).click()
  const row = page.getByRole("row").filter({ hasText: name })
  const password = (await row.getByText(/^[A-Za-z0-9]{16}$/).textContent())!

  // 127.0.0.7 connects without a password (every 127.x address is this machine's loopback).
  await page.goto("/proxy/ip-whitelist")
  await hydrated(page)
  const allow = page.getByRole("region", { name: "Allow an address" })
  await allow.getByRole("textbox", { name: "Address or range" }).fill("127.0.0.7")
  await allow.getByRole("textbox", { name: "Note" }).fill("The test runner")
  await allow.getByRole("button", { name: "Allow address" }).click()
  await expect(page.getByText(`127.0.0.7/32 was allowed for ${name}.`)).toBeVisible()

  // Traffic through the gateway the cabinet names: with the password, from the allow-listed address, and refused
  // from another address without one. The gateway reads the cabinet's changes within its 5-second sync.
  const account = (await (await page.request.get("/api/v2/proxy/account")).json()) as { gateway: Gateway }
  const target = `${new URL(page.url()).origin}/about`
  let signedIn = { status: 0, bytes: 0 }
  await expect
    .poll(
      async () =>
        (signedIn = await throughGateway(account.gateway, target, { auth: `${name}:${password}` })).status,
      {
        timeout: 15_000,
      },
    )
    .toBe(200)
  expect(signedIn.bytes).toBeGreaterThan(1000)
  await expect
    .poll(async () => (await throughGateway(account.gateway, target, { localAddress: "127.0.0.7" })).status, {
      timeout: 15_000,
    })
    .toBe(200)
  expect((await throughGateway(account.gateway, target)).status).toBe(407)

  // The statistics show it (metered bytes are written every 5 seconds).
  await page.goto("/proxy/statistics")
  await hydrated(page)
  // The page is read again until the gateway's next write has landed (every 5 seconds).
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole("table").filter({ hasText: "Sub-user" }).getByText(name)).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 30_000 })
  await expect(
    page
      .getByRole("table")
      .filter({ hasText: "Host" })
      .getByText(/^127\.0\.0\.1$|^localhost$/),
  ).toBeVisible()

  // The payment history lists the purchase as proxy traffic, next to the top-up.
  await page.goto("/pay/history_payment")
  await hydrated(page)
  await expect(page.getByText("Proxy traffic").first()).toBeVisible()
  await expect(page.getByText("1 GB of residential traffic")).toBeVisible()
  expect((await ledger(page, email)).balanced).toBe(true)
})
