import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { pricesApi, type CaptchaPrices } from "@manyhands/contract/captcha"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell, storyUser, type StoryApi } from "./story-shell"

const [
  { default: CaptchaWorkaroundScreen },
  { default: CaptchaWorkaroundPayScreen },
  { default: CaptchaBypassExtensionScreen },
  { default: CaptchaAccessibilityScreen },
  { default: WorkersSoftwareScreen },
  { default: WorkerProgramScreen },
  { default: JobScreen },
] = await Promise.all([
  screens.CaptchaWorkaround(),
  screens.CaptchaWorkaroundPay(),
  screens.CaptchaBypassExtension(),
  screens.CaptchaAccessibility(),
  screens.WorkersSoftware(),
  screens.WorkerProgram(),
  screens.Job(),
])

const meta = {
  title: "Screens/Products",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

export const CaptchaWorkaround: Story = {
  render: () => <CaptchaWorkaroundScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "A captcha workaround for legitimate automation",
    )
    await expect(canvas.getByText("Cloudflare Turnstile")).toBeVisible()
    await expect(canvas.getAllByRole("link", { name: "Register as a developer" })[0]).toHaveAttribute(
      "href",
      "/auth/register?userType=developer",
    )
  },
}

export const CaptchaWorkaroundFaq: Story = {
  render: () => <CaptchaWorkaroundScreen />,
  play: async ({ canvas }) => {
    const question = canvas.getByRole("button", { name: "Do I pay for captchas that were not solved?" })
    await userEvent.click(question)
    await expect(question).toHaveAttribute("aria-expanded", "true")
    await expect(canvas.getByText(/Your balance is charged only when an answer is delivered/)).toBeVisible()
    // The click scrolled the page; the screenshot starts at the top.
    window.scrollTo(0, 0)
  },
}

export const CaptchaWorkaroundPay: Story = {
  render: () => <CaptchaWorkaroundPayScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Pay only for the captchas that were solved",
    )
    await expect(canvas.getByRole("navigation", { name: "Breadcrumbs" })).toBeVisible()
    await expect(canvas.getByText("Cost of one captcha = price per 1000 ÷ 1000")).toBeVisible()
  },
}

export const CaptchaBypassExtension: Story = {
  render: () => <CaptchaBypassExtensionScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "A browser extension that solves captchas for you",
    )
    await expect(canvas.getByRole("heading", { name: "Privacy: what the extension sends" })).toBeVisible()
  },
}

export const CaptchaAccessibility: Story = {
  render: () => <CaptchaAccessibilityScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Captchas and accessibility")
    await expect(
      canvas.getByRole("heading", { name: "3.3.8 Accessible Authentication (Minimum) (Level AA)" }),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: /^Inaccessibility of CAPTCHA/ })).toHaveAttribute(
      "href",
      "https://www.w3.org/TR/turingtest/",
    )
  },
}

export const WorkersSoftware: Story = {
  render: () => <WorkersSoftwareScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Software for Manyhands workers",
    )
    await expect(canvas.getByRole("link", { name: "captcha-bot-rs" })).toHaveAttribute(
      "href",
      "/workers-software/captcha-bot-rs",
    )
    await expect(canvas.getByRole("link", { name: "rucaptcha-bot" })).toHaveAttribute(
      "href",
      "/workers-software/rucaptcha-bot",
    )
  },
}

export const WorkerProgramCaptchaBotRs: Story = {
  render: () => <WorkerProgramScreen program="captcha-bot-rs" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "captcha-bot-rs: solve captchas without reaching for the mouse",
    )
    await expect(canvas.getByText("Windows 10 or 11, 64-bit")).toBeVisible()
  },
}

export const WorkerProgramRucaptchaBot: Story = {
  render: () => <WorkerProgramScreen program="rucaptcha-bot" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "rucaptcha-bot: your earnings and payouts in Telegram",
    )
    await expect(canvas.getByRole("heading", { name: "Payout updates" })).toBeVisible()
  },
}

/** The public price list as GET /api/v1/captcha/prices answers it: per 1,000 tasks, in USD and RUB. */
const publicPrices: CaptchaPrices = {
  prices: (
    [
      ["ImageToTextTask", "0.50", "45"],
      ["TextCaptchaTask", "0.50", "45"],
      ["GridTask", "1.20", "110"],
      ["CoordinatesTask", "1.00", "90"],
      ["RotateTask", "1.00", "90"],
      ["BoundingBoxTask", "1.50", "135"],
      ["DrawAroundTask", "1.80", "160"],
      ["AudioTask", "0.80", "72"],
      ["RecaptchaV2Task", "2.99", "270"],
    ] satisfies [string, string, string][]
  ).flatMap(([type, usd, rub]) => [
    {
      type,
      kind: type.startsWith("Recaptcha") ? ("token" as const) : ("image" as const),
      currency: "USD" as const,
      perThousand: usd,
      deadlineSeconds: 180,
    },
    {
      type,
      kind: type.startsWith("Recaptcha") ? ("token" as const) : ("image" as const),
      currency: "RUB" as const,
      perThousand: rub,
      deadlineSeconds: 180,
    },
  ]),
}
const priceListApi: StoryApi = { [on(pricesApi.list)]: publicPrices }

/** Signed out: the steps of the work, the pay per type of the browser cabinet (60 % of the price), the rules. */
export const Job: Story = {
  render: () => (
    <StoryShell api={priceListApi}>
      <JobScreen />
    </StoryShell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Start working: solve captchas and get paid",
    )
    await expect(canvas.getAllByRole("link", { name: "Register as a worker" })[0]).toHaveAttribute(
      "href",
      "/auth/register?userType=worker",
    )
    await expect(canvas.getByRole("link", { name: "Make money online" })).toHaveAttribute(
      "href",
      "/make-money-online",
    )
    await expect(canvas.getByRole("img", { name: /distorted characters/ })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "How the work goes" })).toBeVisible()
    const table = within(
      await canvas.findByRole("table", { name: "Worker pay per 1,000 accepted answers by captcha type" }),
    )
    // 8 types of the cabinet and the header row; token types are not listed.
    await expect(table.getAllByRole("row")).toHaveLength(9)
    await expect(table.queryByText("reCAPTCHA v2")).toBeNull()
    const image = within(table.getByRole("rowheader", { name: "Normal image captcha" }).closest("tr")!)
    await expect(image.getByText("$0.30")).toBeVisible()
    await expect(image.getByText("RUB 27.00")).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "No automation in the cabinet" })).toBeVisible()
  },
}

/** A signed-in worker starts with the training instead of signing up. */
export const JobSignedInWorker: Story = {
  render: () => (
    <StoryShell
      services={{ user: { ...storyUser, profile: { ...storyUser.profile, userType: "worker" } } }}
      api={priceListApi}
    >
      <JobScreen />
    </StoryShell>
  ),
  play: async ({ canvas }) => {
    const links = canvas.getAllByRole("link", { name: "Start the training" })
    await expect(links).toHaveLength(2)
    for (const link of links) await expect(link).toHaveAttribute("href", "/cabinet/training")
    await expect(canvas.queryByRole("link", { name: "Register as a worker" })).toBeNull()
    await canvas.findByRole("table")
  },
}

/** The price list cannot be loaded: the page stands without the table. */
export const JobWithoutPrices: Story = {
  render: () => (
    <StoryShell>
      <JobScreen />
    </StoryShell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "Pay per captcha type" })).toBeVisible()
    await waitFor(() => expect(canvas.queryByRole("table")).toBeNull())
    await expect(canvas.queryByRole("status")).toBeNull()
  },
}
