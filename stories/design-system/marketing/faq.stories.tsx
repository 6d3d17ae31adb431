import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Faq } from "@manyhands/design-system"
import { faqItems } from "./marketing-content"

const meta = {
  title: "Patterns/FAQ",
  component: Faq,
  parameters: { layout: "padded" },
  args: { items: faqItems, onValueChange: fn() },
  render: (args) => (
    <section aria-labelledby="faq-title" className="flex w-full max-w-3xl flex-col gap-6">
      <h2 id="faq-title" className="text-3xl font-bold tracking-tight">
        Questions about paying and solving
      </h2>
      <Faq {...args} />
    </section>
  ),
} satisfies Meta<typeof Faq>

export default meta
type Story = StoryObj<typeof meta>

/** One answer at a time: opening a question closes the open one; a second click closes it. */
export const Single: Story = {
  play: async ({ canvas, args, step }) => {
    const pay = canvas.getByRole("button", { name: "How do I pay for captchas?" })
    const wrong = canvas.getByRole("button", { name: "What if an answer is wrong?" })
    await step("each question is a heading with a button", async () => {
      await expect(canvas.getAllByRole("heading", { level: 3 })).toHaveLength(5)
      await expect(pay.closest("h3")).not.toBeNull()
      await expect(pay).toHaveAttribute("aria-expanded", "false")
    })
    await step("a click expands the answer", async () => {
      await userEvent.click(pay)
      await expect(pay).toHaveAttribute("aria-expanded", "true")
      await expect(args.onValueChange).toHaveBeenLastCalledWith("pay")
      const answer = canvas.getByRole("region", { name: "How do I pay for captchas?" })
      await expect(answer).toHaveTextContent("USDT or Bitcoin")
    })
    await step("opening another closes the first", async () => {
      await userEvent.click(wrong)
      await expect(wrong).toHaveAttribute("aria-expanded", "true")
      await expect(pay).toHaveAttribute("aria-expanded", "false")
    })
  },
}

/** Any number open at once. */
export const Multiple: Story = {
  args: { type: "multiple", defaultValue: ["pay"] },
  play: async ({ canvas }) => {
    const pay = canvas.getByRole("button", { name: "How do I pay for captchas?" })
    await expect(pay).toHaveAttribute("aria-expanded", "true")
    await userEvent.click(canvas.getByRole("button", { name: "How fast are captchas solved?" }))
    await expect(pay).toHaveAttribute("aria-expanded", "true")
    await expect(canvas.getAllByRole("button", { expanded: true })).toHaveLength(2)
  },
}

/** Enter and Space toggle; arrow keys move between questions. */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const questions = canvas.getAllByRole("button")
    await userEvent.tab()
    await expect(questions[0]).toHaveFocus()
    await userEvent.keyboard("{ArrowDown}")
    await expect(questions[1]).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect(questions[1]).toHaveAttribute("aria-expanded", "true")
    await userEvent.keyboard("{End}")
    await expect(questions[4]).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(questions[4]).toHaveAttribute("aria-expanded", "true")
    await expect(questions[1]).toHaveAttribute("aria-expanded", "false")
  },
}

/** The first answer open on arrival. */
export const DefaultOpen: Story = {
  args: { defaultValue: "2captcha" },
  play: async ({ canvas }) => {
    const region = canvas.getByRole("region", { name: "Does my 2captcha code work with Manyhands?" })
    await expect(region).toHaveTextContent("api.manyhands.io")
  },
}

/** Under an h3 section title the questions are h4. */
export const HeadingLevel: Story = {
  args: { headingLevel: 4, items: faqItems.slice(3) },
  render: (args) => (
    <section aria-labelledby="workers-faq" className="flex w-full max-w-3xl flex-col gap-4">
      <h3 id="workers-faq" className="text-xl font-semibold">
        For workers
      </h3>
      <Faq {...args} />
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 4 })).toHaveLength(2)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { defaultValue: "2captcha" },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "How are workers paid?" }))
    await expect(canvas.getByRole("region", { name: "How are workers paid?" })).toHaveTextContent("Payeer")
    // Single: the answer open on arrival closed.
    await expect(canvas.getAllByRole("button", { expanded: true })).toHaveLength(1)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { type: "multiple", defaultValue: ["pay", "wrong"] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("button", { expanded: true })).toHaveLength(2)
  },
}

/** Closed, one open and all open. */
export const Matrix: Story = {
  render: () => (
    <div className="grid w-full grid-cols-3 gap-8">
      {[
        { name: "All closed", items: faqItems.slice(0, 3), value: [] },
        { name: "One open", items: faqItems.slice(0, 3), value: ["pay"] },
        // Other questions: two open answers with the same question would be two regions with one name.
        { name: "All open", items: faqItems.slice(2), value: faqItems.slice(2).map((item) => item.id ?? "") },
      ].map((column) => (
        <section key={column.name} aria-label={column.name} className="flex flex-col gap-2">
          <p className="font-mono text-xs text-muted-foreground">{column.name}</p>
          <Faq type="multiple" items={column.items} defaultValue={column.value} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("button", { expanded: true })).toHaveLength(4)
    const closed = canvas.getByRole("region", { name: "All closed" })
    await expect(within(closed).queryAllByRole("button", { expanded: true })).toHaveLength(0)
    const all = canvas.getByRole("region", { name: "All open" })
    await expect(within(all).getAllByRole("button", { expanded: true })).toHaveLength(3)
  },
}
