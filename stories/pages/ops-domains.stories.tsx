import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import { opsDomainsApi, type DomainRule, type DomainRuleList } from "@manyhands/contract/ops-domains"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/ops-domains/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: DomainsScreen }] = await Promise.all([screens.OpsDomains()])

const meta = {
  title: "Screens/Manual domains",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const LIST = opsDomainsApi.list.url()
/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

const moderator: ShellUser = {
  ...storyUser,
  id: "7",
  email: "moderator@manyhands.dev",
  profile: { ...storyUser.profile, displayName: "Moderation desk" },
  permissions: { moderator: true },
}

const rule = (extra: Partial<DomainRule> & Pick<DomainRule, "id" | "pattern" | "display">): DomainRule => ({
  kind: "host",
  captchaTypes: [],
  action: "block",
  minRating: null,
  priceMultiplier: null,
  staffReason: "The site's owner asked us to stop solving its login captcha.",
  customerReason: null,
  expiresAt: null,
  enabled: true,
  active: true,
  createdBy: "moderator@manyhands.dev",
  createdAt: "2026-11-20T09:12:00.000Z",
  updatedAt: "2026-11-20T09:12:00.000Z",
  ...extra,
})

const rules: DomainRuleList = {
  rules: [
    rule({
      id: "14",
      pattern: "login.bank-example.com",
      display: "login.bank-example.com",
      customerReason: "The site's owner does not allow automated solving.",
    }),
    rule({
      id: "12",
      kind: "suffix",
      pattern: "tickets.example",
      display: "*.tickets.example",
      action: "min_skill",
      minRating: 400,
      captchaTypes: ["RecaptchaV2Task", "TurnstileTask"],
      staffReason: "Customers complain about wrong answers on these pages.",
      expiresAt: "2026-12-31T23:00:00.000Z",
    }),
    rule({
      id: "9",
      kind: "domain",
      pattern: "xn--e1afmkfd.xn--p1ai",
      display: "пример.рф",
      action: "price_multiplier",
      priceMultiplier: 1.5,
      staffReason: "Hard audio captchas: pay workers more.",
    }),
    rule({
      id: "5",
      kind: "domain",
      pattern: "shop.example",
      display: "shop.example",
      action: "require_proxy",
      staffReason: "Tokens only work from the customer's address.",
      customerReason: "Send tasks for this site with your proxy.",
      expiresAt: "2026-10-01T00:00:00.000Z",
      active: false,
    }),
  ],
}

const story =
  (data: DomainRuleList | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: moderator }} api={{ [`GET ${LIST}`]: data ?? pending, ...api }}>
      <DomainsScreen domainRules={data} />
    </Shell>
  )

/** Focus leaves a clicked button before the screenshot, so no focus ring shows. */
const blur = () => (document.activeElement as HTMLElement | null)?.blur()

/** The rules with their actions, types, reasons and states. */
export const List: Story = {
  render: story(rules),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Manual domains" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Domain rules" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(5)
    await expect(rows[1]).toHaveTextContent("login.bank-example.com")
    await expect(rows[1]).toHaveTextContent(
      "Customers read: The site's owner does not allow automated solving.",
    )
    await expect(rows[2]).toHaveTextContent("Workers rated 400 or more")
    await expect(rows[3]).toHaveTextContent("пример.рф")
    await expect(rows[3]).toHaveTextContent("Price × 1.5")
    await expect(rows[4]).toHaveTextContent("Expired")
  },
}

/** Loading: the table's skeleton. */
export const Loading: Story = { render: story(undefined) }

/** No rules yet. */
export const Empty: Story = {
  render: story({ rules: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "No domain rules yet" })).toBeVisible()
  },
}

/** A customer or worker who reached the page anyway: the API refuses and the page says so. */
export const Forbidden: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [`GET ${LIST}`]: () => {
          throw refusal("Only administrators and moderators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <DomainsScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "Staff only" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "New rule" })).toBeNull()
  },
}

const expiredOnly: DomainRuleList = { rules: rules.rules.filter((r) => !r.active) }
const listAsked = fn((_body: unknown) => expiredOnly)

/** Filtering by state asks for the expired rules only. */
export const FilteredExpired: Story = {
  name: "Filtered: expired",
  render: story(rules, { [`GET ${LIST}?state=expired`]: () => listAsked(undefined) }),
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByRole("combobox", { name: "State" }), "Expired")
    await waitFor(() => expect(listAsked).toHaveBeenCalled())
    const table = canvas.getByRole("table", { name: "Domain rules" })
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2))
    await expect(within(table).getAllByRole("row")[1]).toHaveTextContent("shop.example")
    blur()
  },
}

const dryRun = fn((_body: unknown) => ({
  tasks: 1284,
  hosts: 3,
  since: "2026-11-29T21:00:00.000Z",
  until: "2026-11-30T21:00:00.000Z",
}))
const created = fn((body: unknown) =>
  rule({ id: "15", pattern: "captcha.example.org", display: "captcha.example.org", ...(body as object) }),
)

/** A new rule: the dry run counts the last day's tasks as the domain is typed; saved, the page says so. */
export const Create: Story = {
  render: story(rules, {
    [on(opsDomainsApi.dryRun)]: dryRun,
    [on(opsDomainsApi.create)]: created,
  }),
  play: async ({ canvas, step }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "New rule" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New domain rule" }))
    await step("the dry run answers for the typed domain", async () => {
      await userEvent.type(dialog.getByRole("textbox", { name: /^Domain/ }), "captcha.example.org")
      await expect(
        await dialog.findByText(/1,284 tasks would have been affected/, {}, { timeout: 3000 }),
      ).toBeVisible()
      await expect(dryRun).toHaveBeenLastCalledWith({
        kind: "host",
        pattern: "captcha.example.org",
        captchaTypes: [],
      })
    })
    await step("the rule is sent", async () => {
      await userEvent.type(dialog.getByRole("textbox", { name: /^Reason for staff/ }), "Abuse reports.")
      await userEvent.type(dialog.getByRole("textbox", { name: /^Text for the customer/ }), "Not allowed.")
      await userEvent.click(screen.getByRole("button", { name: "Add the rule" }))
      await waitFor(() => expect(created).toHaveBeenCalled())
      await expect(created.mock.lastCall?.[0]).toMatchObject({
        kind: "host",
        pattern: "captcha.example.org",
        action: "block",
        staffReason: "Abuse reports.",
        customerReason: "Not allowed.",
        expiresAt: null,
        enabled: true,
      })
      await expect(await canvas.findByText("The rule for captcha.example.org is saved.")).toBeVisible()
    })
    blur()
  },
}

/** The dialog with the dry run's figure, before saving. */
export const CreateDialog: Story = {
  name: "Create: dialog with the dry run",
  render: story(rules, { [on(opsDomainsApi.dryRun)]: dryRun }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "New rule" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New domain rule" }))
    await userEvent.type(dialog.getByRole("textbox", { name: /^Domain/ }), "captcha.example.org")
    await expect(
      await dialog.findByText(/1,284 tasks would have been affected/, {}, { timeout: 3000 }),
    ).toBeVisible()
  },
}

/** Saving without a reason, and a multiplier out of range: each field says what is wrong. */
export const ValidationErrors: Story = {
  name: "Create: validation errors",
  render: story(rules, { [on(opsDomainsApi.dryRun)]: dryRun }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "New rule" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New domain rule" }))
    await userEvent.selectOptions(dialog.getByRole("combobox", { name: "Action" }), "Price multiplier")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Multiplier/ }), "500")
    await userEvent.click(screen.getByRole("button", { name: "Add the rule" }))
    await expect(await dialog.findByText("Enter a host name, such as shop.example.com.")).toBeVisible()
    await expect(dialog.getByText("Say why, for the other staff.")).toBeVisible()
    await expect(dialog.getByText("Enter a number from 0.01 to 100.")).toBeVisible()
    blur()
  },
}

/** The server refuses a pattern that is not a registrable domain: its message shows under the field. */
export const ServerRefusal: Story = {
  name: "Create: refused by the server",
  render: story(rules, {
    [on(opsDomainsApi.dryRun)]: () => {
      throw refusal("pattern is not a registrable domain", "DOMAIN_PATTERN_INVALID", 400)
    },
    [on(opsDomainsApi.create)]: () => {
      throw refusal(
        "pattern is not a registrable domain (that would be example.co.uk)",
        "DOMAIN_PATTERN_INVALID",
        400,
        {
          pattern: "is not a registrable domain (that would be example.co.uk)",
        },
      )
    },
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "New rule" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New domain rule" }))
    await userEvent.selectOptions(dialog.getByRole("combobox", { name: "Matches" }), "Registrable domain")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Domain/ }), "shop.example.co.uk")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Reason for staff/ }), "Test.")
    await userEvent.click(screen.getByRole("button", { name: "Add the rule" }))
    await expect(
      await dialog.findByText("is not a registrable domain (that would be example.co.uk)"),
    ).toBeVisible()
    await expect(await dialog.findByText(/could not be counted/)).toBeVisible()
    blur()
  },
}

const removed = fn((_body: unknown) => ({ id: "14" }))

/** Deleting asks first; confirmed, the rule goes and the page says so. */
export const Delete: Story = {
  render: story(rules, { [on(opsDomainsApi.remove, { id: "14" })]: removed }),
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole("button", { name: "Delete the rule for login.bank-example.com" }),
    )
    const dialog = within(
      await screen.findByRole("alertdialog", { name: "Delete the rule for login.bank-example.com?" }),
    )
    await userEvent.click(dialog.getByRole("button", { name: "Delete the rule" }))
    await waitFor(() => expect(removed).toHaveBeenCalled())
    await expect(await canvas.findByText("The rule for login.bank-example.com is deleted.")).toBeVisible()
    blur()
  },
}

/** Editing fills the dialog with the rule. */
export const Edit: Story = {
  render: story(rules, { [on(opsDomainsApi.dryRun)]: dryRun }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Edit the rule for *.tickets.example" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Rule for *.tickets.example" }))
    await expect(dialog.getByRole("textbox", { name: /^Domain/ })).toHaveValue("*.tickets.example")
    await expect(dialog.getByRole("textbox", { name: /^Lowest worker rating/ })).toHaveValue("400")
    await expect(dialog.getByRole("textbox", { name: /^Captcha types/ })).toHaveValue(
      "RecaptchaV2Task, TurnstileTask",
    )
    await expect(
      await dialog.findByText(/1,284 tasks would have been affected/, {}, { timeout: 3000 }),
    ).toBeVisible()
    await expect(dryRun).toHaveBeenLastCalledWith({
      kind: "suffix",
      pattern: "*.tickets.example",
      captchaTypes: ["RecaptchaV2Task", "TurnstileTask"],
    })
  },
}

/** The dark theme. */
export const Dark: Story = { globals: { theme: "dark" }, render: story(rules) }

/** On a phone. */
export const Mobile: Story = { globals: { viewport: { value: "mobile" } }, render: story(rules) }
