import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent } from "storybook/test"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

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

export const Job: Story = {
  render: () => <JobScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Start working: solve captchas and get paid",
    )
    await expect(canvas.getByRole("link", { name: "Make money online" })).toHaveAttribute(
      "href",
      "/make-money-online",
    )
    await expect(canvas.getByRole("img", { name: /distorted characters/ })).toBeVisible()
  },
}
