import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor } from "storybook/test"
import { NotFoundScreen, screens, type CaptchaTypeSummary } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

const [{ default: HomeScreen }, { default: AboutScreen }] = await Promise.all([
  screens.Home(),
  screens.About(),
])

const meta = {
  title: "Screens/Public",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const captchaTypes: CaptchaTypeSummary[] = [
  { code: "ImageToTextTask", kind: "image", deadlineSeconds: 90 },
  { code: "GridTask", kind: "image", deadlineSeconds: 90 },
  { code: "AudioTask", kind: "image", deadlineSeconds: 90 },
  { code: "RecaptchaV2Task", kind: "token", deadlineSeconds: 300 },
  { code: "TurnstileTask", kind: "token", deadlineSeconds: 300 },
]

export const Home: Story = {
  render: () => <HomeScreen captchaTypes={captchaTypes} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Real people solve your captchas",
    )
    await expect(canvas.getByText("Cloudflare Turnstile")).toBeVisible()
    await expect(canvas.getByText("5")).toBeVisible() // types accepted
  },
}

export const HomeHowItWorks: Story = {
  render: () => <HomeScreen captchaTypes={captchaTypes} />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "See how it works" })
    await userEvent.click(trigger)
    await expect(await screen.findByRole("dialog", { name: "How Manyhands works" })).toBeVisible()
    await userEvent.click(screen.getByRole("button", { name: "Got it" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** Before the catalogue has loaded: the lists are empty, nothing breaks. */
export const HomeLoading: Story = {
  render: () => <HomeScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Captchas we solve" })).toBeVisible()
  },
}

export const HomeNoTypes: Story = {
  render: () => <HomeScreen captchaTypes={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/list of captcha types is being updated/)).toBeVisible()
  },
}

export const About: Story = {
  render: () => <AboutScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("About Manyhands")
  },
}

export const NotFound: Story = {
  render: () => <NotFoundScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/")
  },
}
