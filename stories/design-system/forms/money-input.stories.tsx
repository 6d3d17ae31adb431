import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent } from "storybook/test"
import {
  Button,
  DesignSystemProvider,
  Field,
  MoneyInput,
  type MoneyInputProps,
  type SiteLocale,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

/** The component is controlled; stories keep its value the way an app would. */
function MoneyField({
  label = "Top-up amount",
  hint,
  error,
  value: initial,
  onChange,
  ...props
}: MoneyInputProps & {
  label?: string
  hint?: string
  error?: (minor: number | null) => string | undefined
}) {
  const [value, setValue] = useState(initial)
  return (
    <div className="w-72">
      <Field label={label} hint={hint} error={error?.(value)}>
        <MoneyInput
          {...props}
          value={value}
          onChange={(minor) => {
            setValue(minor)
            onChange(minor)
          }}
        />
      </Field>
    </div>
  )
}

const meta = {
  title: "Components/Forms/MoneyInput",
  component: MoneyInput,
  args: { value: null, currency: "USD", onChange: fn() },
  argTypes: {
    currency: { control: "select", options: ["USD", "EUR", "RUB", "BTC", "USDT", "JPY"] },
    size: { control: "inline-radio", options: ["md", "lg"] },
  },
  render: (args) => <MoneyField hint="From $5.00 to $10,000.00" {...args} />,
} satisfies Meta<typeof MoneyInput>

export default meta
type Story = StoryObj<typeof meta>

const rows: { currency: string; locale: SiteLocale; value: number }[] = [
  { currency: "USD", locale: "en", value: 2500 },
  { currency: "EUR", locale: "de", value: 119_90 },
  { currency: "RUB", locale: "ru", value: 1_500_00 },
  { currency: "JPY", locale: "ja", value: 3000 },
  { currency: "BTC", locale: "en", value: 150_000 },
  { currency: "USDT", locale: "en", value: 124_500_000 },
]

/** Currencies in the languages that write them, × empty, filled, large, invalid and disabled. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">currency</th>
          {["empty", "filled", "lg", "invalid", "disabled"].map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ currency, locale, value }) => (
          <DesignSystemProvider key={currency} locale={locale} messages={catalog[locale]}>
            <tr lang={locale}>
              <th scope="row" className="pr-2 font-mono font-normal">
                {currency} · {locale}
              </th>
              <td className="w-44">
                <MoneyInput
                  aria-label={`${currency} empty`}
                  currency={currency}
                  value={null}
                  onChange={() => {}}
                />
              </td>
              <td className="w-44">
                <MoneyInput
                  aria-label={`${currency} filled`}
                  currency={currency}
                  value={value}
                  onChange={() => {}}
                />
              </td>
              <td className="w-48">
                <MoneyInput
                  aria-label={`${currency} large`}
                  size="lg"
                  currency={currency}
                  value={value}
                  onChange={() => {}}
                />
              </td>
              <td className="w-44">
                <MoneyInput
                  aria-label={`${currency} invalid`}
                  currency={currency}
                  value={value}
                  max={value - 1}
                  onChange={() => {}}
                />
              </td>
              <td className="w-44">
                <MoneyInput
                  aria-label={`${currency} disabled`}
                  disabled
                  currency={currency}
                  value={value}
                  onChange={() => {}}
                />
              </td>
            </tr>
          </DesignSystemProvider>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox", { name: "USD filled" })).toHaveValue("25.00")
    await expect(canvas.getByRole("textbox", { name: "EUR filled" })).toHaveValue("119,90")
    await expect(canvas.getByRole("textbox", { name: "JPY filled" })).toHaveValue("3000")
    await expect(canvas.getByRole("textbox", { name: "BTC filled" })).toHaveValue("0.0015")
    await expect(canvas.getByRole("textbox", { name: "USDT filled" })).toHaveValue("124.50")
    await expect(canvas.getByRole("textbox", { name: "RUB invalid" })).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("textbox", { name: "RUB disabled" })).toBeDisabled()
  },
}

/** "12,5" and "12.5" are the same 1250 cents; leaving the field shows the amount in full. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await expect(input).toHaveAttribute("inputmode", "decimal")
    await expect(input).toHaveAttribute("placeholder", "0.00")
    await expect(input).toHaveAccessibleDescription(/US Dollar/)
    await expect(canvas.getByText("$")).toHaveAttribute("aria-hidden", "true")
    await userEvent.type(input, "12,5")
    await expect(args.onChange).toHaveBeenLastCalledWith(1250)
    await userEvent.tab()
    await expect(input).toHaveValue("12.50")
    await userEvent.clear(input)
    await expect(args.onChange).toHaveBeenLastCalledWith(null)
  },
}

/** A third decimal is refused as it is typed: dollars have two, so nothing is rounded. */
export const Precision: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await userEvent.type(input, "19.999")
    await expect(input).toHaveValue("19.99")
    await expect(args.onChange).toHaveBeenLastCalledWith(1999)
    await userEvent.type(input, "x-")
    await expect(input).toHaveValue("19.99")
  },
}

/** A pasted "$1,234.50" keeps its meaning: the symbol is dropped and the comma groups thousands. */
export const Paste: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await userEvent.click(input)
    await userEvent.paste("$1,234.50")
    await expect(args.onChange).toHaveBeenLastCalledWith(123450)
    await userEvent.tab()
    await expect(input).toHaveValue("1234.50")
  },
}

/** Bitcoin has 8 decimals (satoshi) and is written as a code after the amount. */
export const Bitcoin: Story = {
  args: { currency: "BTC" },
  render: (args) => <MoneyField label="Payout amount" hint="Network fee: 0.00002 BTC" {...args} />,
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Payout amount" })
    await expect(canvas.getByText("BTC", { selector: "[data-slot=money-input-currency]" })).toBeVisible()
    await userEvent.type(input, "0.001500019")
    await expect(input).toHaveValue("0.00150001")
    await expect(args.onChange).toHaveBeenLastCalledWith(150001)
  },
}

/** USDT amounts have 6 decimals. */
export const Tether: Story = {
  args: { currency: "USDT", value: 124_500_000 },
  render: (args) => <MoneyField label="Withdraw to TRC-20 wallet" hint="Minimum 10 USDT" {...args} />,
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Withdraw to TRC-20 wallet" })
    await expect(input).toHaveValue("124.50")
    await userEvent.clear(input)
    await userEvent.type(input, "99.123456")
    await expect(args.onChange).toHaveBeenLastCalledWith(99_123_456)
  },
}

/** In Russian the rouble sign follows the amount and the decimal separator is a comma. */
export const RublesInRussian: Story = {
  globals: { locale: "ru" },
  args: { currency: "RUB", value: 150_000 },
  render: (args) => <MoneyField label="Сумма пополнения" hint="От 500 ₽" {...args} />,
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Сумма пополнения" })
    await expect(input).toHaveValue("1500,00")
    const affix = canvas.getByText("₽", { selector: "[data-slot=money-input-currency]" })
    await expect(affix.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    await userEvent.clear(input)
    await userEvent.type(input, "2750.5")
    await expect(args.onChange).toHaveBeenLastCalledWith(275_050)
    await userEvent.tab()
    await expect(input).toHaveValue("2750,50")
  },
}

/** Outside min/max the amount is still reported, and the field is marked invalid for the app's message. */
export const OutOfRange: Story = {
  args: { value: 250, min: 500, max: 1_000_000 },
  render: (args) => (
    <MoneyField
      hint="From $5.00 to $10,000.00"
      error={(minor) =>
        minor !== null && minor < 500
          ? "The smallest top-up is $5.00"
          : minor !== null && minor > 1_000_000
            ? "The largest top-up is $10,000.00"
            : undefined
      }
      {...args}
    />
  ),
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("alert")).toHaveTextContent("The smallest top-up is $5.00")
    await userEvent.clear(input)
    await userEvent.type(input, "20")
    await expect(args.onChange).toHaveBeenLastCalledWith(2000)
    await expect(input).not.toHaveAttribute("aria-invalid")
    await userEvent.type(input, "000")
    await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("alert")).toHaveTextContent("The largest top-up is $10,000.00")
  },
}

/** The app can set the amount (quick-pick buttons); the field follows. */
export const QuickAmounts: Story = {
  render: function QuickAmounts(args) {
    const [value, setValue] = useState<number | null>(null)
    return (
      <div className="flex w-80 flex-col gap-3">
        <Field label="Top-up amount">
          <MoneyInput
            {...args}
            value={value}
            onChange={(minor) => {
              setValue(minor)
              args.onChange(minor)
            }}
          />
        </Field>
        <div className="flex gap-2">
          {[1000, 5000, 10000].map((amount) => (
            <Button key={amount} variant="service" onClick={() => setValue(amount)}>
              ${amount / 100}
            </Button>
          ))}
        </div>
      </div>
    )
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await userEvent.click(canvas.getByRole("button", { name: "$50" }))
    await expect(input).toHaveValue("50.00")
    await userEvent.click(canvas.getByRole("button", { name: "$100" }))
    await expect(input).toHaveValue("100.00")
  },
}

export const Large: Story = {
  args: { size: "lg", value: 10_000 },
  play: async ({ canvas }) => {
    const wrapper = canvas.getByRole("textbox").closest("[data-slot=money-input]")
    await expect(wrapper).toHaveAttribute("data-size", "lg")
    await expect(canvas.getByRole("textbox").getBoundingClientRect().height).toBe(48)
  },
}

export const Disabled: Story = {
  args: { value: 2500, disabled: true },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await expect(input).toBeDisabled()
    await userEvent.type(input, "5", { pointerEventsCheck: 0 })
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { value: 2500 },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getByRole("textbox")).toHaveValue("25.00")
  },
}
