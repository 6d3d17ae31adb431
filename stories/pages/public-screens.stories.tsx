import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import type { CaptchaType } from "@manyhands/contract/captcha"
import { NotFoundScreen, screens } from "@manyhands/pages"
import { customerPrices, publicStatistics } from "./public-statistics-fixtures"
import { withScreenContext } from "./screen-decorator"

const [
  { default: HomeScreen },
  { default: AboutScreen },
  { default: ForCustomerScreen },
  { default: MakeMoneyOnlineScreen },
  { default: JobsScreen },
  { default: AffiliateScreen },
] = await Promise.all([
  screens.Home(),
  screens.About(),
  screens.ForCustomer(),
  screens.MakeMoneyOnline(),
  screens.Jobs(),
  screens.Affiliate(),
])

const meta = {
  title: "Screens/Public",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const captchaTypes: CaptchaType[] = [
  { code: "ImageToTextTask", kind: "image", deadlineSeconds: 90 },
  { code: "GridTask", kind: "image", deadlineSeconds: 90 },
  { code: "AudioTask", kind: "image", deadlineSeconds: 90 },
  { code: "RecaptchaV2Task", kind: "token", deadlineSeconds: 300 },
  { code: "TurnstileTask", kind: "token", deadlineSeconds: 300 },
]

/** What the route preloads besides the catalogue: the live figures and the price list (public-statistics stories). */
const live = { publicStatistics: publicStatistics("USD"), customerPrices: customerPrices("USD") }

export const Home: Story = {
  render: () => <HomeScreen captchaTypes={captchaTypes} {...live} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Real people solve your captchas",
    )
    const types = canvas.getByRole("region", { name: "Captchas we solve" })
    await expect(within(types).getByText("Cloudflare Turnstile")).toBeVisible()
    await expect(canvas.getByText("5")).toBeVisible() // types accepted
    await expect(canvas.getByRole("heading", { name: "You need captchas solved" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "You want to earn" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Start earning" })).toHaveAttribute(
      "href",
      "/make-money-online",
    )
  },
}

export const HomeHowItWorks: Story = {
  render: () => <HomeScreen captchaTypes={captchaTypes} {...live} />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "See how it works" })
    await userEvent.click(trigger)
    const dialog = await screen.findByRole("dialog", { name: "How Manyhands works" })
    await expect(dialog).toBeVisible()
    await expect(within(dialog).getByText("A person solves it")).toBeVisible()
    await userEvent.click(screen.getByRole("button", { name: "Got it" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** The section the order-captchas guard sends visitors to (/#order-captchas). */
export const HomeOrderCaptchas: Story = {
  render: () => <HomeScreen captchaTypes={captchaTypes} {...live} />,
  play: async ({ canvas, canvasElement }) => {
    const section = canvasElement.querySelector("#order-captchas")
    await expect(section).not.toBeNull()
    const order = within(section as HTMLElement)
    await expect(order.getByRole("heading", { level: 2 })).toHaveTextContent("How to order captcha solving")
    await expect(order.getByRole("link", { name: "Sign up as a customer" })).toHaveAttribute(
      "href",
      "/auth/register?userType=customer",
    )
    await expect(canvas.getByRole("link", { name: "Order captcha solving" })).toHaveAttribute(
      "href",
      "#order-captchas",
    )
  },
}

/** Before the route's data has loaded (a client navigation): the lists are empty, the figures placeholders. */
export const HomeLoading: Story = {
  render: () => <HomeScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Captchas we solve" })).toBeVisible()
  },
}

export const HomeNoTypes: Story = {
  render: () => <HomeScreen captchaTypes={[]} {...live} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/list of captcha types is being updated/)).toBeVisible()
  },
}

export const About: Story = {
  render: () => <AboutScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("About Manyhands")
    await expect(canvas.getByRole("heading", { name: "The path of a single task" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Write to support" })).toHaveAttribute(
      "href",
      "mailto:support@manyhands.dev",
    )
  },
}

export const ForCustomer: Story = {
  render: () => <ForCustomerScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Captcha solving for your software",
    )
    await expect(canvas.getAllByRole("link", { name: "Sign up as a developer" })[0]).toHaveAttribute(
      "href",
      "/auth/register?userType=developer",
    )
    await expect(canvas.getByRole("heading", { name: "How pricing works" })).toBeVisible()
  },
}

export const ForCustomerFaq: Story = {
  render: () => <ForCustomerScreen />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Do I have to rewrite my code?" }))
    await expect(await canvas.findByText(/change the host name to manyhands.dev/)).toBeVisible()
    // Opening the answer scrolled the page; the screenshot is taken from the top.
    window.scrollTo(0, 0)
  },
}

export const MakeMoneyOnline: Story = {
  render: () => <MakeMoneyOnlineScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Make money online by solving captchas",
    )
    await expect(canvas.getAllByRole("link", { name: "Sign up as a worker" })[0]).toHaveAttribute(
      "href",
      "/auth/register?userType=worker",
    )
    await expect(canvas.getByRole("link", { name: "Software for workers" })).toHaveAttribute(
      "href",
      "/workers-software",
    )
  },
}

export const Jobs: Story = {
  render: () => <JobsScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Paid remote work at Manyhands")
    await expect(canvas.getByRole("heading", { name: "Moderation of disputed answers" })).toBeVisible()
    await expect(canvas.getAllByText("By invitation")).toHaveLength(2)
  },
}

export const Affiliate: Story = {
  render: () => <AffiliateScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Earn by bringing people to Manyhands",
    )
    await expect(canvas.getByRole("heading", { name: "No self-referrals" })).toBeVisible()
    await expect(canvas.getByText(/shown in your affiliate cabinet/)).toBeVisible()
  },
}

export const NotFound: Story = {
  render: () => <NotFoundScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/")
  },
}
