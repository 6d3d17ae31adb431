import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, spyOn, userEvent, waitFor } from "storybook/test"
import { buttonVariantNames, CopyButton, englishMessages, type ButtonSize } from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

const apiKey = "mh_live_8f3c2a91d4e04b7f9a6c5e21d0b7f3a4"

/** Replaces the clipboard for one story, so tests neither need a permission nor touch the real one. */
function mockClipboard(writeText: (text: string) => Promise<void>) {
  if (navigator.clipboard) {
    const spy = spyOn(navigator.clipboard, "writeText").mockImplementation(writeText)
    return () => spy.mockRestore()
  }
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true })
  return () => {
    Reflect.deleteProperty(navigator, "clipboard")
  }
}

const meta = {
  title: "Components/Actions/CopyButton",
  component: CopyButton,
  args: { value: apiKey, label: "Copy API key", onCopied: fn() },
  argTypes: {
    variant: { control: "select", options: buttonVariantNames },
    size: { control: "inline-radio", options: ["md", "lg"] },
  },
  beforeEach: () => mockClipboard(() => Promise.resolve()),
} satisfies Meta<typeof CopyButton>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Click: the key goes to the clipboard, the button reads "Copied" without changing its width, a live
 * region announces it, and after about two seconds the button is back to "Copy API key".
 */
export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const button = canvas.getByRole("button", { name: "Copy API key" })
    const status = canvas.getByRole("status")
    const width = button.getBoundingClientRect().width
    await step("copy", async () => {
      await userEvent.click(button)
      await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(apiKey)
      await waitFor(() => expect(button).toHaveAccessibleName("Copied"))
      await expect(button).toHaveAttribute("data-state", "copied")
      await expect(status).toHaveTextContent("Copied")
      await expect(args.onCopied).toHaveBeenCalledTimes(1)
      await expect(button.getBoundingClientRect().width).toBe(width)
    })
    await step("back to Copy after about two seconds", async () => {
      await waitFor(() => expect(button).toHaveAccessibleName("Copy API key"), { timeout: 4000 })
      await expect(status).toBeEmptyDOMElement()
    })
  },
}

/** Without `label` it reads the provider's "Copy". Keyboard users copy with Enter or Space. */
export const DefaultLabel: Story = {
  args: { label: undefined, value: "task_01HZX4Q8V2K7" },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: englishMessages.copy })
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith("task_01HZX4Q8V2K7")
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(button).toHaveAccessibleName(englishMessages.copy), { timeout: 4000 })
  },
}

/** The browser refused (no permission, insecure page): "Could not copy" is shown and announced. */
export const CopyFails: Story = {
  beforeEach: () => mockClipboard(() => Promise.reject(new DOMException("Denied", "NotAllowedError"))),
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Copy API key" })
    await userEvent.click(button)
    await waitFor(() => expect(button).toHaveAccessibleName(englishMessages.copyFailed))
    await expect(button).toHaveAttribute("data-state", "failed")
    await expect(canvas.getByRole("status")).toHaveTextContent(englishMessages.copyFailed)
    await expect(args.onCopied).not.toHaveBeenCalled()
    await waitFor(() => expect(button).toHaveAccessibleName("Copy API key"), { timeout: 4000 })
  },
}

/** Where it lives: next to a secret that is shown once. */
export const NextToAnApiKey: Story = {
  render: (args) => (
    <div className="flex w-[34rem] flex-col gap-2 rounded-lg border border-border bg-surface p-4 shadow-card">
      <span className="text-sm font-medium">Your API key</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 truncate rounded-md bg-surface-muted px-3 py-2.5 font-mono text-sm">
          {args.value}
        </code>
        <CopyButton {...args} />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(apiKey)).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Copy API key" })).toHaveAttribute("data-size", "md")
  },
}

export const Large: Story = {
  args: { size: "lg", variant: "primary", label: "Copy the code" },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "Copy the code" })
    await expect(button).toHaveAttribute("data-size", "lg")
    await expect(button).toHaveAttribute("data-variant", "primary")
  },
}

/** Russian texts come from the provider; the label is content and stays what the caller gave. */
export const Russian: Story = {
  globals: { locale: "ru" },
  args: { label: undefined },
  play: async ({ canvas }) => {
    const messages = { ...englishMessages, ...catalog.ru }
    const button = canvas.getByRole("button", { name: messages.copy })
    await userEvent.click(button)
    await waitFor(() => expect(button).toHaveAccessibleName(messages.copied))
    await waitFor(() => expect(button).toHaveAccessibleName(messages.copy), { timeout: 4000 })
  },
}

const sizes: ButtonSize[] = ["md", "lg"]

/** Every variant × size at rest; each is as wide as its longest text. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: (args) => (
    <table className="border-separate border-spacing-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">variant</th>
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {buttonVariantNames
          .filter((variant) => variant !== "none")
          .map((variant) => (
            <tr key={variant}>
              <th scope="row" className="pr-4 font-mono font-normal">
                {variant}
              </th>
              {sizes.map((size) => (
                <td
                  key={size}
                  className={variant === "secondary-white" ? "rounded-md bg-primary p-2" : "p-2"}
                >
                  <CopyButton value={args.value} variant={variant} size={size} label="Copy API key" />
                </td>
              ))}
            </tr>
          ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole("button", { name: "Copy API key" })
    await expect(buttons).toHaveLength((buttonVariantNames.length - 1) * 2)
    await expect(canvas.getAllByRole("status")).toHaveLength(buttons.length)
    await userEvent.click(buttons[0] as HTMLElement)
    await waitFor(() => expect(buttons[0]).toHaveAccessibleName("Copied"))
    await waitFor(() => expect(buttons[0]).toHaveAccessibleName("Copy API key"), { timeout: 4000 })
    ;(buttons[0] as HTMLElement).blur()
  },
}
