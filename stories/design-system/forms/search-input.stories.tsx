import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Field, SearchInput } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/SearchInput",
  component: SearchInput,
  args: { onSearch: fn(), onValueChange: fn(), placeholder: "Task ID, worker or captcha type" },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SearchInput>

export default meta
type Story = StoryObj<typeof meta>

/** Sizes × empty, filled, too short, loading and disabled. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  decorators: [
    (Story) => (
      <div className="w-[44rem]">
        <Story />
      </div>
    ),
  ],
  render: () => (
    <div className="grid grid-cols-2 gap-x-6 gap-y-5">
      {(["md", "lg"] as const).flatMap((size) =>
        [
          { name: "empty", props: {} },
          { name: "filled", props: { defaultValue: "recaptcha v2" } },
          { name: "too short", props: { defaultValue: "re" } },
          { name: "loading", props: { defaultValue: "T-48206", loading: true } },
          { name: "disabled", props: { defaultValue: "hcaptcha", disabled: true } },
        ].map(({ name, props }) => (
          <SearchInput key={`${size}-${name}`} aria-label={`${size} ${name}`} size={size} {...props} />
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("searchbox")).toHaveLength(10)
    await expect(canvas.getByRole("searchbox", { name: "md too short" })).toHaveAccessibleDescription(
      "Type at least 3 characters to search",
    )
    await expect(canvas.getAllByRole("status", { name: "Loading…" })).toHaveLength(2)
    await expect(canvas.getAllByRole("button", { name: "Clear" })).toHaveLength(6)
  },
}

/** Searches once typing pauses, with the trimmed query; a query shorter than 3 characters waits with a hint. */
export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("searchbox", { name: "Search" })
    await step("too short: a hint, no search", async () => {
      await userEvent.type(input, "hc")
      await expect(input).toHaveAccessibleDescription("Type at least 3 characters to search")
      await new Promise((done) => setTimeout(done, 400))
      await expect(args.onSearch).not.toHaveBeenCalled()
      await expect(args.onValueChange).toHaveBeenLastCalledWith("hc")
    })
    await step("long enough: one search after the pause", async () => {
      await userEvent.type(input, "aptcha ")
      await expect(input).not.toHaveAccessibleDescription()
      await expect(args.onSearch).not.toHaveBeenCalled()
      await waitFor(() => expect(args.onSearch).toHaveBeenCalledTimes(1))
      await expect(args.onSearch).toHaveBeenCalledWith("hcaptcha")
    })
  },
}

/** The clear button empties the field, resets the search at once and keeps the focus in the field. */
export const Clear: Story = {
  args: { defaultValue: "T-48206" },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("searchbox")
    await expect(input).toHaveValue("T-48206")
    await userEvent.click(canvas.getByRole("button", { name: "Clear" }))
    await expect(input).toHaveValue("")
    await expect(input).toHaveFocus()
    await expect(args.onSearch).toHaveBeenCalledTimes(1)
    await expect(args.onSearch).toHaveBeenCalledWith("")
    await expect(canvas.queryByRole("button", { name: "Clear" })).toBeNull()
  },
}

/** Enter searches without waiting; Escape empties the field and resets. */
export const Keyboard: Story = {
  args: { debounce: 2000 },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("searchbox")
    await userEvent.type(input, "recaptcha{Enter}")
    await expect(args.onSearch).toHaveBeenCalledTimes(1)
    await expect(args.onSearch).toHaveBeenCalledWith("recaptcha")
    await userEvent.keyboard("{Escape}")
    await expect(input).toHaveValue("")
    await waitFor(() => expect(args.onSearch).toHaveBeenLastCalledWith(""))
    await expect(args.onSearch).toHaveBeenCalledTimes(2)
  },
}

/** `minChars` follows the product spec (3) by default; IDs can allow shorter queries. */
export const MinChars: Story = {
  args: { minChars: 5, placeholder: "Worker ID" },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("searchbox")
    await userEvent.type(input, "W-12")
    await expect(canvas.getByText("Type at least 5 characters to search")).toBeVisible()
    await userEvent.type(input, "{Enter}")
    await expect(args.onSearch).not.toHaveBeenCalled()
    await userEvent.type(input, "3")
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith("W-123"))
  },
}

/** Inside a Field the label names it; the app shows a spinner while results load. */
export const InFieldLoading: Story = {
  render: function InField(args) {
    const [loading, setLoading] = useState(false)
    return (
      <Field label="Find a worker" hint="By ID, e-mail or wallet">
        <SearchInput
          {...args}
          loading={loading}
          onSearch={(query) => {
            args.onSearch?.(query)
            setLoading(query !== "")
          }}
        />
      </Field>
    )
  },
  args: { placeholder: "W-10442, ivan@…, TQ3x…" },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("searchbox", { name: "Find a worker" })
    await expect(input).toHaveAccessibleDescription("By ID, e-mail or wallet")
    await userEvent.type(input, "ivan")
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith("ivan"))
    await expect(await canvas.findByRole("status", { name: "Loading…" })).toBeVisible()
  },
}

/** Controlled: the app owns the text (a query kept in the URL, say). */
export const Controlled: Story = {
  render: function Controlled(args) {
    const [text, setText] = useState("solved today")
    return (
      <SearchInput
        {...args}
        value={text}
        onValueChange={(next) => {
          setText(next.toLowerCase())
          args.onValueChange?.(next)
        }}
      />
    )
  },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("searchbox")
    await expect(input).toHaveValue("solved today")
    await userEvent.type(input, " BY ME")
    await expect(input).toHaveValue("solved today by me")
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith("solved today by me"))
  },
}

export const Large: Story = {
  args: { size: "lg", defaultValue: "funcaptcha" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("searchbox").getBoundingClientRect().height).toBe(48)
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "recaptcha" },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole("searchbox")).toBeDisabled()
    await expect(canvas.queryByRole("button", { name: "Clear" })).toBeNull()
    await expect(args.onSearch).not.toHaveBeenCalled()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: "re" },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getByText("Type at least 3 characters to search")).toBeVisible()
  },
}
