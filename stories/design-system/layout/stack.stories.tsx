import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { Button, Stack, spaceScale, type StackAlign, type StackJustify } from "@manyhands/design-system"

function Chip({ children, tall = false }: { children: string; tall?: boolean }) {
  return (
    <div
      className={
        tall
          ? "rounded-md border border-info-border bg-info-soft px-3 py-6 text-sm text-info-text"
          : "rounded-md border border-info-border bg-info-soft px-3 py-2 text-sm text-info-text"
      }
    >
      {children}
    </div>
  )
}

const captchaTypes = ["reCAPTCHA v2", "hCaptcha", "Image", "Turnstile", "FunCaptcha"]

const meta = {
  title: "Components/Layout/Stack",
  component: Stack,
  parameters: { layout: "padded" },
  args: {
    children: captchaTypes.slice(0, 3).map((name) => <Chip key={name}>{name}</Chip>),
  },
} satisfies Meta<typeof Stack>

export default meta
type Story = StoryObj<typeof meta>

function children(element: HTMLElement | null) {
  return [...(element?.children ?? [])] as HTMLElement[]
}

/** A column with a 1rem gap. */
export const Column: Story = {
  play: async ({ canvasElement }) => {
    const stack = canvasElement.querySelector<HTMLElement>('[data-slot="stack"]')
    await expect(stack).toHaveAttribute("data-direction", "column")
    const [first, second] = children(stack)
    await expect(
      (second?.getBoundingClientRect().top ?? 0) - (first?.getBoundingClientRect().bottom ?? 0),
    ).toBe(16)
  },
}

/** A row of actions with a small gap. */
export const Row: Story = {
  args: {
    direction: "row",
    gap: 3,
    align: "center",
    children: (
      <>
        <Button>Top up balance</Button>
        <Button variant="secondary">Download invoice</Button>
        <Button variant="tertiary">Payment history</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole("button")
    await expect(first?.getBoundingClientRect().top).toBe(second?.getBoundingClientRect().top)
    await expect(
      (second?.getBoundingClientRect().left ?? 0) - (first?.getBoundingClientRect().right ?? 0),
    ).toBe(12)
  },
}

/** Wrapping tags that fit any width. */
export const Wrap: Story = {
  args: {
    direction: "row",
    gap: 2,
    wrap: true,
    className: "max-w-56",
    children: captchaTypes.map((name) => <Chip key={name}>{name}</Chip>),
  },
  play: async ({ canvasElement }) => {
    const items = children(canvasElement.querySelector('[data-slot="stack"]'))
    await expect(items.at(-1)?.getBoundingClientRect().top).toBeGreaterThan(
      items[0]?.getBoundingClientRect().top ?? 0,
    )
  },
}

/** A column on phones, a row from `md` up. */
export const Responsive: Story = {
  args: { direction: { base: "column", md: "row" }, gap: { base: 2, md: 6 } },
  play: async ({ canvasElement }) => {
    const [first, second] = children(canvasElement.querySelector('[data-slot="stack"]'))
    await expect(first?.getBoundingClientRect().top).toBe(second?.getBoundingClientRect().top)
    await expect(
      (second?.getBoundingClientRect().left ?? 0) - (first?.getBoundingClientRect().right ?? 0),
    ).toBe(24)
  },
}

export const ResponsiveMobile: Story = {
  ...Responsive,
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvasElement }) => {
    const [first, second] = children(canvasElement.querySelector('[data-slot="stack"]'))
    await expect(
      (second?.getBoundingClientRect().top ?? 0) - (first?.getBoundingClientRect().bottom ?? 0),
    ).toBe(8)
  },
}

/** `asChild` gives a list the stack's layout, keeping list semantics. */
export const AsList: Story = {
  args: {
    asChild: true,
    gap: 2,
    children: (
      <ul>
        {captchaTypes.slice(0, 3).map((name) => (
          <li key={name}>
            <Chip>{name}</Chip>
          </li>
        ))}
      </ul>
    ),
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list")
    await expect(list).toHaveAttribute("data-slot", "stack")
    await expect(list).toHaveClass("flex", "flex-col", "gap-2")
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { direction: "row", gap: 4, align: "end", justify: "between", className: "w-96" },
  render: (args) => (
    <Stack {...args}>
      <Chip tall>Balance</Chip>
      <Chip>$124.50</Chip>
      <Chip tall>Top up</Chip>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const [first, second] = children(canvasElement.querySelector('[data-slot="stack"]'))
    await expect(first?.getBoundingClientRect().bottom).toBe(second?.getBoundingClientRect().bottom)
  },
}

/** Every gap step, then every alignment and distribution. */
export const Matrix: Story = {
  render: () => {
    const aligns: StackAlign[] = ["start", "center", "end", "stretch", "baseline"]
    const justifies: StackJustify[] = ["start", "center", "end", "between", "around", "evenly"]
    return (
      <div className="flex flex-col gap-6">
        <table className="border-separate border-spacing-x-4 border-spacing-y-2 text-left text-xs">
          <tbody>
            {spaceScale.map((gap) => (
              <tr key={gap}>
                <th scope="row" className="font-mono font-normal text-muted-foreground">
                  gap {gap}
                </th>
                <td>
                  <Stack direction="row" gap={gap}>
                    {["1", "2", "3", "4"].map((n) => (
                      <span key={n} className="size-6 rounded-sm bg-primary" />
                    ))}
                  </Stack>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="grid grid-cols-5 gap-4">
          {aligns.map((align) => (
            <div key={align} className="flex flex-col gap-1">
              <p className="font-mono text-xs text-muted-foreground">align {align}</p>
              <Stack
                direction="row"
                gap={2}
                align={align}
                className="h-24 rounded-md border border-border p-2"
              >
                <Chip tall>Paid</Chip>
                <Chip>$5</Chip>
              </Stack>
            </div>
          ))}
        </div>
        <div className="grid grid-cols-3 gap-4">
          {justifies.map((justify) => (
            <div key={justify} className="flex flex-col gap-1">
              <p className="font-mono text-xs text-muted-foreground">justify {justify}</p>
              <Stack
                direction="row"
                gap={2}
                justify={justify}
                className="rounded-md border border-border p-2"
              >
                <Chip>API</Chip>
                <Chip>Docs</Chip>
              </Stack>
            </div>
          ))}
        </div>
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const stacks = canvasElement.querySelectorAll('[data-slot="stack"]')
    await expect(stacks).toHaveLength(spaceScale.length + 5 + 6)
  },
}
