import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { InternationalNotice } from "@manyhands/design-system"

/** Offers the international version; the app hides it for a year (a cookie) after `onDismiss`. */
const meta = {
  title: "Components/Notices/InternationalNotice",
  component: InternationalNotice,
  parameters: { layout: "fullscreen" },
  args: {
    title: "Manyhands International",
    message: "Pay with cards from any country, get payouts in USDT and support in 15 languages.",
    linkLabel: "Go to the international site",
    href: "https://manyhands.com/",
    onDismiss: fn(),
  },
} satisfies Meta<typeof InternationalNotice>

export default meta
type Story = StoryObj<typeof meta>

const russian = {
  title: "Международная версия Manyhands",
  message: "Оплата картами любых стран, выплаты в USDT и поддержка на 15 языках.",
  linkLabel: "Перейти на международный сайт",
}

/** English and Russian, with and without a title, dismissible or not, in both tones. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-4 py-4">
      <InternationalNotice
        title="Manyhands International"
        message="Pay with cards from any country, get payouts in USDT and support in 15 languages."
        linkLabel="Go to the international site"
        href="https://manyhands.com/"
        onDismiss={() => {}}
      />
      <InternationalNotice lang="ru" href="https://manyhands.com/ru/" onDismiss={() => {}} {...russian} />
      <InternationalNotice
        tone="info"
        message="Working from outside Russia? The international site pays out to foreign cards."
        linkLabel="Open manyhands.com"
        href="https://manyhands.com/worker"
      />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const notices = Array.from(
      canvasElement.querySelectorAll<HTMLElement>('[data-slot="international-notice"]'),
    )
    await expect(notices.map((notice) => notice.dataset.tone)).toEqual(["promo", "promo", "info"])
    await expect(canvas.getAllByRole("link")).toHaveLength(3)
    await expect(canvas.getAllByRole("button")).toHaveLength(2)
  },
}

export const English: Story = {
  play: async ({ canvas }) => {
    const notice = canvas.getByRole("status")
    await expect(notice).toHaveAttribute("data-slot", "international-notice")
    await expect(notice).toHaveAttribute("data-tone", "promo")
    await expect(notice).toHaveTextContent("Manyhands International")
    await expect(canvas.getByRole("link", { name: "Go to the international site" })).toHaveAttribute(
      "href",
      "https://manyhands.com/",
    )
  },
}

/** On the Russian site, in Russian; the dismiss button's name comes from the provider. */
export const Russian: Story = {
  globals: { locale: "ru" },
  args: { ...russian, href: "https://manyhands.com/ru/" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("Международная версия Manyhands")
    await expect(canvas.getByRole("link", { name: "Перейти на международный сайт" })).toHaveAttribute(
      "href",
      "https://manyhands.com/ru/",
    )
    await expect(canvas.getByRole("button", { name: "Скрыть" })).toBeVisible()
  },
}

/** The dismiss button only reports; storing the choice for a year is the app's job. */
export const Dismiss: Story = {
  globals: { locale: "ru" },
  args: { ...russian, href: "https://manyhands.com/ru/" },
  play: async ({ canvas, args }) => {
    const notice = canvas.getByRole("status")
    await userEvent.click(canvas.getByRole("button", { name: "Скрыть" }))
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(notice).not.toBeInTheDocument())
  },
}

export const NotDismissible: Story = {
  args: { onDismiss: undefined, title: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button")).toBeNull()
    await expect(canvas.getByRole("link")).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { locale: "ru", viewport: { value: "mobile" } },
  args: { ...russian, href: "https://manyhands.com/ru/" },
  play: async ({ canvas }) => {
    const notice = canvas.getByRole("status")
    await expect(notice.getBoundingClientRect().width).toBeLessThanOrEqual(375)
    await expect(canvas.getByRole("link", { name: "Перейти на международный сайт" })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getByRole("link", { name: "Go to the international site" })).toBeVisible()
  },
}
