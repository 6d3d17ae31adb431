import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { LanguageNotice } from "@manyhands/design-system"

/** The Russian site tells a visitor whose browser prefers English where the English page is. */
const meta = {
  title: "Components/Notices/LanguageNotice",
  component: LanguageNotice,
  parameters: { layout: "fullscreen" },
  globals: { locale: "ru" },
  args: {
    lang: "en",
    message:
      "This page is in Russian. Manyhands is also available in English, with the same prices and balance.",
    actionLabel: "Switch to English",
    actionHref: "/en/pricing",
    dismissLabel: "Dismiss",
    onDismiss: fn(),
  },
} satisfies Meta<typeof LanguageNotice>

export default meta
type Story = StoryObj<typeof meta>

/** English and Russian texts, in both tones the app uses, light and dismissible or not. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-4 py-4">
      <LanguageNotice
        lang="en"
        message="This page is in Russian. Manyhands is also available in English, with the same prices and balance."
        actionLabel="Switch to English"
        actionHref="/en/pricing"
        onDismiss={() => {}}
        dismissLabel="Dismiss"
      />
      <LanguageNotice
        lang="ru"
        message="Эта страница на английском. Manyhands есть и на русском языке — с теми же ценами и балансом."
        actionLabel="Перейти на русский"
        actionHref="/ru/pricing"
        onDismiss={() => {}}
        dismissLabel="Закрыть"
      />
      <LanguageNotice
        lang="en"
        tone="promo"
        message="Workers: the English dashboard shows your earnings in USD and USDT."
        actionLabel="Open in English"
        actionHref="/en/worker"
      />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const notices = canvasElement.querySelectorAll('[data-slot="language-notice"]')
    await expect(notices).toHaveLength(3)
    await expect(canvas.getByRole("link", { name: "Перейти на русский" })).toHaveAttribute("lang", "ru")
    await expect(canvas.getAllByRole("button")).toHaveLength(2)
  },
}

/** The message is in English on a Russian page: `lang` tells screen readers to switch voices. */
export const EnglishVisitor: Story = {
  play: async ({ canvas }) => {
    const notice = canvas.getByRole("status")
    await expect(notice).toHaveAttribute("data-slot", "language-notice")
    await expect(notice).toHaveAttribute("data-tone", "info")
    await expect(canvas.getByText(/This page is in Russian/)).toHaveAttribute("lang", "en")
    const link = canvas.getByRole("link", { name: "Switch to English" })
    await expect(link).toHaveAttribute("href", "/en/pricing")
    await expect(link).toHaveAttribute("lang", "en")
    await expect(link).toHaveAttribute("hreflang", "en")
  },
}

/** The same notice on the English site for a visitor who reads Russian. */
export const RussianVisitor: Story = {
  globals: { locale: "en" },
  args: {
    lang: "ru",
    message: "Эта страница на английском. Manyhands есть и на русском языке — с теми же ценами и балансом.",
    actionLabel: "Перейти на русский",
    actionHref: "/ru/pricing",
    dismissLabel: "Закрыть",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Эта страница на английском/)).toHaveAttribute("lang", "ru")
    await expect(canvas.getByRole("link", { name: "Перейти на русский" })).toHaveAttribute(
      "href",
      "/ru/pricing",
    )
    await expect(canvas.getByRole("button", { name: "Закрыть" })).toBeVisible()
  },
}

/** Closing calls `onDismiss` (the app keeps the choice) and the notice goes away. */
export const Dismiss: Story = {
  play: async ({ canvas, args }) => {
    const notice = canvas.getByRole("status")
    await userEvent.tab()
    await expect(canvas.getByRole("link", { name: "Switch to English" })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Dismiss" })).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(notice).not.toBeInTheDocument())
  },
}

/** Without `onDismiss` the notice stays. */
export const NotDismissible: Story = {
  args: { onDismiss: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button")).toBeNull()
    await expect(canvas.getByRole("link", { name: "Switch to English" })).toBeVisible()
  },
}

export const Mobile: Story = {
  globals: { locale: "ru", viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const notice = canvas.getByRole("status")
    await expect(notice.getBoundingClientRect().width).toBeLessThanOrEqual(375)
    const link = canvas.getByRole("link", { name: "Switch to English" })
    await expect(link.getBoundingClientRect().top).toBeGreaterThan(
      canvas.getByText(/This page is in Russian/).getBoundingClientRect().bottom,
    )
  },
}

export const Dark: Story = {
  globals: { locale: "ru", theme: "dark" },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getByRole("link", { name: "Switch to English" })).toBeVisible()
  },
}
