import { expect, test, type Page } from "./fixtures"
import {
  brokenLinks,
  signedInCrawl,
  DEMO_PASSWORD,
  dashboardBalance,
  field,
  hydrated,
  pagesOf,
  PHONE,
  postDevSession,
  reportWrongOnTestPage,
  sendAndSolve,
  shownMoney,
  signInWithForm,
  signOut,
  startSolving,
  startURL,
  tooWide,
} from "./helpers"

// The server as `npm start` runs it (global-setup): production mode, the embedded demo with its defaults. Nobody here
// signs in through /dev/session (it is not there): people use the forms, and demo users the README's password.
test.use({ baseURL: startURL })

const CUSTOMER = "customer@demo.manyhands.dev"
// The refund test's customer: nothing else on this server spends the developer's $25.00 of demo credit.
const DEVELOPER = "developer@demo.manyhands.dev"
// Its types are open in the demo data, so it is offered tasks at once.
const WORKER = "worker@demo.manyhands.dev"

/** A demo user signs in with the form and lands where their work is. */
async function signInAsDemo(page: Page, email: string, landing: RegExp) {
  await signInWithForm(page, email, DEMO_PASSWORD)
  // The password's hash is checked, then the landing page loads: slower than a click on a busy machine.
  await expect(page).toHaveURL(landing, { timeout: 15_000 })
  await hydrated(page)
}

test("the README's sign-up: register, read the mail at /dev/mail, follow its link, choose a role, sign out, sign in with the password", async ({
  page,
}) => {
  const email = `reader-${Date.now().toString(36)}@example.com`
  const password = "a quiet afternoon with the manual"

  // Production mode: the development sign-in and ledger helpers are not there, only the outbox viewer.
  await page.goto("/")
  expect(await postDevSession(page, CUSTOMER)).toBe(404)
  expect((await page.request.get(`/dev/ledger.json?email=${encodeURIComponent(CUSTOMER)}`)).status()).toBe(
    404,
  )

  await page.goto("/auth/register")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await field(page, "Password").fill(password)
  await page.getByRole("checkbox", { name: /terms of service/ }).check()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible()

  // The outbox, as a person reads it: the mail to the new address, and its link.
  await page.goto("/dev/mail")
  const mail = page.getByRole("article").filter({ hasText: `To ${email}` })
  await expect(mail).toHaveCount(1)
  await mail.getByRole("link", { name: /\/auth\/check_key\// }).click()

  // The link confirms the address and signs in; the account type comes next, and then its own page.
  await expect(page).toHaveURL(/\/select-role$/)
  await hydrated(page)
  await page.getByRole("radio", { name: /^Customer/ }).check()
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page).toHaveURL(/\/enterpage$/)
  await hydrated(page)
  await expect(page.getByRole("group", { name: "Balance" })).toContainText("$0.00")

  await signOut(page)
  await signInWithForm(page, email, password)
  await expect(page).toHaveURL(/\/enterpage$/)
  await hydrated(page)
  await expect(page.getByRole("button", { name: /Account menu of/ })).toBeVisible()
})

const people = [
  {
    kind: "customer" as const,
    email: CUSTOMER,
    landing: /\/enterpage$/,
    // Besides phones: pages whose tables had overflowed their cards on a 1,366 px laptop.
    laptop: ["/statistics/uploads", "/statistics/graph_captures", "/enterpage"],
  },
  { kind: "worker" as const, email: WORKER, landing: /\/cabinet$/, laptop: [] },
]

for (const { kind, email, landing, laptop } of people) {
  test(`a ${kind} signed in with the password: no screen scrolls sideways on a 360 px phone`, async ({
    page,
  }) => {
    // The customer's 61 pages took 84 s alone, and over 180 s in CI beside the code samples.
    test.setTimeout(360_000)
    const started = Date.now()
    await signInAsDemo(page, email, landing)
    const paths = pagesOf[kind]
    const wide = [
      ...(await tooWide(page, paths, PHONE)),
      ...(await tooWide(page, laptop, { width: 1366, height: 900 })),
    ]
    console.log(`${email}: ${paths.length} pages in ${Math.round((Date.now() - started) / 1000)} s`)
    expect(wide, `Pages wider than the window, or content out of its card:\n${wide.join("\n")}`).toEqual([])
  })

  test(`a ${kind} signed in with the password: every internal link of every page answers`, async ({
    page,
  }) => {
    // The customer's crawl: 58 s alone, 90 s in a full run.
    test.setTimeout(360_000)
    await signInAsDemo(page, email, landing)
    const { broken, checked } = await brokenLinks(page, signedInCrawl, {
      switcher: false,
      publicLinks: false,
    })
    console.log(`${email}: ${signedInCrawl.length} pages, ${checked} addresses checked`)
    expect(broken).toEqual([])
  })
}

test("a customer reports a wrong answer from /testcaptcha and sees the refund in the balance", async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const dashboard = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signInAsDemo(customer, DEVELOPER, /\/enterpage$/)
  await signInAsDemo(worker, WORKER, /\/cabinet$/)
  const before = await dashboardBalance(dashboard)

  // The worker waits in the cabinet; the customer sends a sample, which the worker answers.
  await startSolving(worker)
  const cost = await sendAndSolve(customer, worker)
  // The demo credit is whole cents, so the cost shows on the dashboard (money shows whole cents, cut).
  expect(await dashboardBalance(dashboard)).toBe(shownMoney(before - cost))

  // Reported as wrong from the result: the page says what comes back and that it came back; so does the balance.
  const { refund } = await reportWrongOnTestPage(customer)
  expect(refund).toBe(cost)
  expect(await dashboardBalance(dashboard)).toBe(before)

  await customerContext.close()
  await workerContext.close()
})
