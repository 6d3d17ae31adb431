import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import { Button, Header, LanguageSwitcher, localeNames, siteLocales } from "@manyhands/design-system"
import {
  BalanceChip,
  Logo,
  UserMenuButton,
  languageLinks,
  languageNames,
  routerLink,
  siteNavigation,
  workerNavigation,
} from "./story-content"

const guestActions = (
  <>
    <Button variant="tertiary" asChild>
      <a href="/login">Log in</a>
    </Button>
    <Button asChild>
      <a href="/signup">Sign up</a>
    </Button>
  </>
)

const meta = {
  title: "Patterns/Header",
  component: Header,
  parameters: { layout: "fullscreen" },
  args: {
    logo: <Logo />,
    navigation: siteNavigation,
    languages: languageLinks,
    actions: guestActions,
    renderLink: routerLink,
  },
  // The skip link needs its target: the page's main content.
  render: (args) => (
    <>
      <Header {...args} />
      <main id="main" tabIndex={-1} className="min-h-40 px-6 py-8 outline-none">
        <h1 className="text-2xl font-semibold">Solve captchas through the API</h1>
        <p className="mt-2 max-w-xl text-sm text-muted-foreground">
          Send reCAPTCHA, hCaptcha and image captchas to the same endpoints as 2captcha and pay only for
          solved ones.
        </p>
      </main>
    </>
  ),
} satisfies Meta<typeof Header>

export default meta
type Story = StoryObj<typeof meta>

/** A guest on a public page: navigation, languages and the sign-up actions. */
export const Guest: Story = {
  play: async ({ canvas, canvasElement, step }) => {
    const banner = canvas.getByRole("banner")
    await step("primary navigation with the current page", async () => {
      const nav = within(banner).getByRole("navigation", { name: "Main navigation" })
      const links = within(nav).getAllByRole("link")
      await expect(links.map((link) => link.textContent)).toEqual([
        "Customers",
        "Workers",
        "API",
        "Proxies",
        "Blog",
      ])
      await expect(within(nav).getByRole("link", { name: "API" })).toHaveAttribute("aria-current", "page")
      await expect(within(nav).getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current")
    })
    await step("the skip link comes first and targets the main content", async () => {
      await userEvent.tab()
      const skip = canvas.getByRole("link", { name: "Skip to content" })
      await expect(skip).toHaveFocus()
      await expect(skip).toHaveAttribute("href", "#main")
      await expect(document.getElementById("main")).not.toBeNull()
      await userEvent.tab()
      await expect(canvas.getByRole("link", { name: "Manyhands" })).toHaveFocus()
    })
    await step("the menu button belongs to small screens", async () => {
      const menuButton = canvasElement.querySelector('[data-slot="header-menu-button"]')
      await expect(menuButton).toHaveAttribute("aria-label", "Open menu")
      await expect(menuButton).not.toBeVisible()
      await expect(canvas.getByRole("link", { name: "Sign up" })).toBeVisible()
    })
  },
}

/** A signed-in customer: balance and account menu instead of the sign-up actions. */
export const SignedIn: Story = {
  args: { actions: undefined, balance: <BalanceChip />, userMenu: <UserMenuButton /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Balance: $124.50" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Account menu of Alex Kim" })).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Sign up" })).toBeNull()
  },
}

/** The switcher lists all 15 languages, each in its own name and marked with its `lang`. */
export const LanguageList: Story = {
  render: (args) => (
    <>
      <Header {...args} />
      <main id="main" tabIndex={-1} className="min-h-96 outline-none" />
    </>
  ),
  play: async ({ canvas, step }) => {
    // Until the list is first opened the trigger is a plain button (the dropdown loads on first use), with
    // the closed markup of Radix's trigger; the first opening puts Radix's in its place.
    const trigger = () => canvas.getByRole("button", { name: "Language: English" })
    await step("the trigger says it opens a menu", async () => {
      await expect(trigger()).toHaveAttribute("aria-haspopup", "menu")
      await expect(trigger()).toHaveAttribute("aria-expanded", "false")
      await expect(trigger()).toHaveAttribute("data-state", "closed")
    })
    await step("the keyboard opens it with every language", async () => {
      trigger().focus()
      await userEvent.keyboard("{Enter}")
      const menu = await screen.findByRole("menu")
      const items = within(menu).getAllByRole("menuitem")
      await expect(items).toHaveLength(15)
      await expect(items.map((item) => item.textContent)).toEqual(languageNames)
      for (const [index, item] of items.entries()) {
        await expect(item).toHaveAttribute("lang", siteLocales[index])
        await expect(item).toHaveAttribute("hreflang", siteLocales[index])
        await expect(item).toHaveAttribute("href", languageLinks[index]?.href)
      }
      await expect(within(menu).getByRole("menuitem", { name: "English" })).toHaveAttribute(
        "aria-current",
        "true",
      )
    })
    await step("arrow keys move through the list; Escape closes and returns focus", async () => {
      await waitFor(() => expect(screen.getByRole("menuitem", { name: "English" })).toHaveFocus())
      await userEvent.keyboard("{ArrowDown}")
      await expect(screen.getByRole("menuitem", { name: "Deutsch" })).toHaveFocus()
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
      await expect(trigger()).toHaveFocus()
      await expect(trigger()).toHaveAttribute("aria-expanded", "false")
    })
    await step("a click opens it again (for the screenshot)", async () => {
      await userEvent.click(trigger())
      await screen.findByRole("menu")
      await expect(trigger()).toHaveAttribute("aria-expanded", "true")
    })
  },
}

/** Under the md breakpoint the links move into a panel; Escape closes it and focus goes back. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas, step }) => {
    const button = canvas.getByRole("button", { name: "Open menu" })
    await step("only the logo and the menu button show", async () => {
      await expect(button).toBeVisible()
      await expect(button).toHaveAttribute("aria-haspopup", "dialog")
      await expect(button).toHaveAttribute("aria-expanded", "false")
      await expect(button).not.toHaveAttribute("aria-controls")
      await expect(canvas.queryByRole("navigation", { name: "Main navigation" })).toBeNull()
    })
    await step("the menu button opens the panel with the navigation", async () => {
      await userEvent.click(button)
      const panel = await screen.findByRole("dialog", { name: "Main navigation" })
      await expect(button).toHaveAttribute("aria-expanded", "true")
      await expect(button).toHaveAttribute("aria-controls", panel.id)
      const nav = within(panel).getByRole("navigation", { name: "Main navigation" })
      await expect(within(nav).getAllByRole("link")).toHaveLength(5)
      await expect(within(nav).getByRole("link", { name: "API" })).toHaveAttribute("aria-current", "page")
      await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement))
    })
    await step("Escape closes it and focus returns to the menu button", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(button).toHaveFocus())
    })
    await step("choosing a link closes the panel too", async () => {
      await userEvent.click(button)
      const panel = await screen.findByRole("dialog")
      await userEvent.click(within(panel).getByRole("link", { name: "Proxies" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
  },
}

/** The open panel: navigation, the language switcher and the actions, full width. */
export const MobileMenuOpen: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Open menu" }))
    const panel = await screen.findByRole("dialog", { name: "Main navigation" })
    await expect(within(panel).getByRole("link", { name: "Sign up" })).toBeVisible()
    // The language list opens over the panel; Escape closes the list only, and focus goes back to its trigger
    // (Radix's, which took the plain one's place when the list first opened).
    const languages = () => within(panel).getByRole("button", { name: "Language: English" })
    await userEvent.click(languages())
    await expect(await screen.findAllByRole("menuitem")).toHaveLength(15)
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    await expect(screen.getByRole("dialog")).toBeVisible()
    await waitFor(() => expect(languages()).toHaveFocus())
    await userEvent.click(within(panel).getByRole("button", { name: "Close" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await userEvent.click(canvas.getByRole("button", { name: "Open menu" }))
    await screen.findByRole("dialog")
  },
}

/** On a phone the balance and the account menu stay in the bar; the rest is in the panel. */
export const MobileSignedIn: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { actions: undefined, balance: <BalanceChip amount={3890} />, userMenu: <UserMenuButton /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Balance: $38.90" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Account menu of Alex Kim" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Open menu" })).toBeVisible()
  },
}

/**
 * On a 768 px tablet five links, the switcher and two buttons do not fit: `collapseBelow="lg"` keeps the
 * menu button up to the `lg` breakpoint.
 */
export const TabletCollapsed: Story = {
  globals: { viewport: { value: "tablet" } },
  args: { collapseBelow: "lg" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Open menu" })).toBeVisible()
    await expect(canvas.queryByRole("navigation", { name: "Main navigation" })).toBeNull()
    const banner = canvas.getByRole("banner")
    await expect(banner.scrollWidth).toBeLessThanOrEqual(banner.clientWidth)
  },
}

/** The worker's shorter header fits a tablet with the default breakpoint. */
export const TabletWorker: Story = {
  globals: { viewport: { value: "tablet" } },
  args: {
    navigation: workerNavigation,
    actions: undefined,
    balance: <BalanceChip amount={1875} />,
    userMenu: <UserMenuButton name="Mai Tran" initials="MT" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("navigation", { name: "Main navigation" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Open menu" })).toBeNull()
    // Between md and lg the switcher shows the code to save room.
    await expect(canvas.getByRole("button", { name: "Language: en" })).toHaveAttribute("data-display", "auto")
    const container = canvas.getByRole("banner").querySelector<HTMLElement>("[data-slot=container]")
    await expect(container?.scrollWidth).toBeLessThanOrEqual(container?.clientWidth ?? 0)
  },
}

/** The worker's header in the dark theme. */
export const WorkerDark: Story = {
  globals: { theme: "dark" },
  args: {
    navigation: workerNavigation,
    actions: undefined,
    balance: <BalanceChip amount={1875} />,
    userMenu: <UserMenuButton name="Mai Tran" initials="MT" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Solve" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByRole("link", { name: "Balance: $18.75" })).toBeVisible()
  },
}

/** `sticky` keeps the header at the top while the page scrolls under it. */
export const Sticky: Story = {
  args: { sticky: true },
  render: (args) => (
    <div className="h-80 overflow-y-auto" data-testid="scroller">
      <Header {...args} />
      <main id="main" tabIndex={-1} className="px-6 py-8 outline-none">
        <h1 className="text-2xl font-semibold">Prices</h1>
        {[
          "reCAPTCHA v2",
          "reCAPTCHA v3",
          "hCaptcha",
          "Image captcha",
          "Cloudflare Turnstile",
          "FunCaptcha",
        ].map((name) => (
          <p key={name} className="mt-6 text-sm text-muted-foreground">
            {name}: solved by people around the clock, answers in seconds.
          </p>
        ))}
      </main>
    </div>
  ),
  play: async ({ canvas }) => {
    const header = canvas.getByRole("banner")
    await expect(header).toHaveAttribute("data-sticky", "true")
    await expect(getComputedStyle(header).position).toBe("sticky")
    const scroller = canvas.getByTestId("scroller")
    scroller.scrollTop = 120
    await waitFor(() => expect(header.getBoundingClientRect().top).toBe(scroller.getBoundingClientRect().top))
  },
}

/** The provider's language drives the built-in texts and the switcher's current language. */
export const German: Story = {
  globals: { locale: "de" },
  args: {
    navigation: [
      { label: "Kunden", href: "/de/customers" },
      { label: "Arbeiter", href: "/de/workers" },
      { label: "API", href: "/de/api", active: true },
      { label: "Proxys", href: "/de/proxies" },
      { label: "Blog", href: "/de/blog" },
    ],
    actions: (
      <>
        <Button variant="tertiary" asChild>
          <a href="/de/login">Anmelden</a>
        </Button>
        <Button asChild>
          <a href="/de/signup">Registrieren</a>
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    // The provider's "Sprache: {name}" around the language's own name.
    const trigger = canvas.getByRole("button", { name: "Sprache: Deutsch" })
    await expect(within(trigger).getByText("Deutsch")).toHaveAttribute("lang", "de")
    await userEvent.click(trigger)
    await expect(await screen.findByRole("menuitem", { name: "Deutsch" })).toHaveAttribute(
      "aria-current",
      "true",
    )
    await userEvent.keyboard("{Escape}")
  },
}

/** The switcher alone, showing language codes (for tight spaces). */
export const LanguageCodes: Story = {
  render: () => (
    <div className="flex h-96 items-start justify-center p-6">
      <LanguageSwitcher languages={languageLinks} current="ja" display="code" align="start" />
    </div>
  ),
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: /ja/ })
    await expect(trigger).toHaveAttribute("data-display", "code")
    await userEvent.click(trigger)
    const current = await screen.findByRole("menuitem", { name: localeNames.ja })
    await expect(current).toHaveAttribute("aria-current", "true")
  },
}

/** Guest, customer and worker headers, plus one without navigation (the sign-up flow). */
export const Matrix: Story = {
  render: (args) => {
    const rows = [
      { name: "Guest", props: {} },
      {
        name: "Customer",
        props: { actions: undefined, balance: <BalanceChip />, userMenu: <UserMenuButton /> },
      },
      {
        name: "Worker",
        props: {
          navigation: workerNavigation,
          actions: undefined,
          balance: <BalanceChip amount={1875} />,
          userMenu: <UserMenuButton name="Mai Tran" initials="MT" />,
        },
      },
      { name: "Sign-up flow", props: { navigation: [], actions: undefined } },
    ]
    return (
      <div className="flex flex-col gap-6 py-6">
        {rows.map((row) => (
          <section key={row.name} aria-label={row.name} className="flex flex-col gap-2">
            <p className="px-6 font-mono text-xs text-muted-foreground">{row.name}</p>
            <Header {...args} {...row.props} navigationLabel={`${row.name} navigation`} />
          </section>
        ))}
        <main id="main" tabIndex={-1} className="sr-only">
          Page content
        </main>
      </div>
    )
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("link", { name: "Skip to content" })).toHaveLength(4)
    await expect(canvas.getByRole("navigation", { name: "Worker navigation" })).toBeInTheDocument()
    await expect(canvas.queryByRole("navigation", { name: "Sign-up flow navigation" })).toBeNull()
    await expect(canvas.getAllByRole("button", { name: /^Language/ })).toHaveLength(4)
  },
}
