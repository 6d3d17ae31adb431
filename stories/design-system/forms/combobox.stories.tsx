import type { Meta, StoryObj } from "@storybook/react-vite"
import { useEffect, useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Combobox,
  Field,
  type ComboboxOption,
  type ComboboxProps,
  type ControlSize,
} from "@manyhands/design-system"

const languages: ComboboxOption[] = [
  { value: "en", label: "English", description: "62% of tasks" },
  { value: "ru", label: "Русский", description: "18% of tasks" },
  { value: "es", label: "Español", description: "6% of tasks" },
  { value: "pt-BR", label: "Português (Brasil)", description: "4% of tasks" },
  { value: "de", label: "Deutsch" },
  { value: "fr", label: "Français" },
  { value: "tr", label: "Türkçe" },
  { value: "vi", label: "Tiếng Việt" },
  { value: "id", label: "Bahasa Indonesia" },
  { value: "ar", label: "العربية", disabled: true, description: "Opens for workers in June" },
  { value: "ja", label: "日本語" },
  { value: "zh", label: "中文（简体）" },
]

const meta = {
  title: "Components/Forms/Combobox",
  component: Combobox,
  args: {
    options: languages,
    onValueChange: fn(),
    onInputValueChange: fn(),
    placeholder: "Type a language",
  },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  decorators: [
    (Story, { parameters }) =>
      parameters.fullWidth ? (
        <Story />
      ) : (
        // Tall enough for the open list to fall inside the screenshot.
        <div className="min-h-[28rem] p-4">
          <div className="w-80">
            <Story />
          </div>
        </div>
      ),
  ],
  render: (args) => (
    <Field label="Language of your tasks" hint="Workers are matched to captchas in this language.">
      <Combobox {...args} />
    </Field>
  ),
} satisfies Meta<typeof Combobox>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
/** The message shown in the list (the same text is also in the status region for screen readers). */
const shown = { selector: "[data-slot=combobox-message]" }
const states = ["empty", "chosen", "loading", "invalid", "disabled"] as const

export const Matrix: Story = {
  parameters: { layout: "padded", fullWidth: true },
  render: () => (
    <table className="border-separate border-spacing-x-4 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">state</th>
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {states.map((state) => (
          <tr key={state}>
            <th scope="row" className="pr-4 font-mono font-normal">
              {state}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-72">
                <Combobox
                  size={size}
                  aria-label={`${state} ${size}`}
                  options={languages}
                  placeholder="Type a language"
                  defaultValue={state === "empty" || state === "loading" ? null : "pt-BR"}
                  defaultInputValue={state === "loading" ? "Port" : undefined}
                  loading={state === "loading"}
                  invalid={state === "invalid"}
                  disabled={state === "disabled"}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("combobox")).toHaveLength(states.length * sizes.length)
    await expect(canvas.getByRole("combobox", { name: "chosen md" })).toHaveValue("Português (Brasil)")
    await expect(canvas.getByRole("combobox", { name: "invalid lg" })).toBeInvalid()
    await expect(canvas.getByRole("combobox", { name: "disabled md" })).toBeDisabled()
    await expect(canvas.getByRole("combobox", { name: "loading md" })).toHaveAttribute("aria-busy", "true")
  },
}

/** Typing filters (ignoring case and accents) and highlights the match; Enter chooses the first match. */
export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("combobox", { name: "Language of your tasks" })
    await expect(input).toHaveAttribute("aria-expanded", "false")
    await expect(input).toHaveAttribute("aria-autocomplete", "list")
    await step("typing opens the filtered list with the first match active", async () => {
      await userEvent.type(input, "portugues")
      const listbox = canvas.getByRole("listbox", { name: "Language of your tasks" })
      await expect(input).toHaveAttribute("aria-expanded", "true")
      await expect(input).toHaveAttribute("aria-controls", listbox.id)
      const options = within(listbox).getAllByRole("option")
      await expect(options).toHaveLength(1)
      await expect(input).toHaveAttribute("aria-activedescendant", options[0]?.id)
      await expect(args.onInputValueChange).toHaveBeenLastCalledWith("portugues")
    })
    await step("Enter chooses it", async () => {
      await userEvent.keyboard("{Enter}")
      await expect(args.onValueChange).toHaveBeenCalledWith(
        "pt-BR",
        expect.objectContaining({ label: "Português (Brasil)" }),
      )
      await expect(input).toHaveValue("Português (Brasil)")
      await expect(input).toHaveAttribute("aria-expanded", "false")
    })
    await step("a new search for the screenshot", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "es")
      const listbox = canvas.getByRole("listbox")
      await expect(
        within(listbox)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Español6% of tasks", "Português (Brasil)4% of tasks", "Bahasa Indonesia"])
    })
  },
}

/** ArrowDown opens on the chosen option, arrows move and wrap over disabled options, Escape closes. */
export const Keyboard: Story = {
  args: { defaultValue: "vi" },
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("combobox", { name: "Language of your tasks" })
    const active = () => document.getElementById(input.getAttribute("aria-activedescendant") ?? "")
    await step("Tab in, ArrowDown opens on the chosen option", async () => {
      await userEvent.tab()
      await expect(input).toHaveFocus()
      await expect(input).toHaveValue("Tiếng Việt")
      await userEvent.keyboard("{ArrowDown}")
      await expect(canvas.getAllByRole("option")).toHaveLength(languages.length)
      await expect(active()).toHaveTextContent("Tiếng Việt")
      await expect(active()).toHaveAttribute("aria-selected", "true")
    })
    await step("arrows skip the disabled option", async () => {
      await userEvent.keyboard("{ArrowDown}{ArrowDown}")
      await expect(active()).toHaveTextContent("日本語")
      await userEvent.keyboard("{ArrowUp}")
      await expect(active()).toHaveTextContent("Bahasa Indonesia")
    })
    await step("arrows wrap around", async () => {
      await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}")
      await expect(active()).toHaveTextContent("English")
      await userEvent.keyboard("{ArrowUp}")
      await expect(active()).toHaveTextContent("中文（简体）")
    })
    await step("Escape closes and keeps the choice", async () => {
      await userEvent.keyboard("{Escape}")
      await expect(input).toHaveAttribute("aria-expanded", "false")
      await expect(input).not.toHaveAttribute("aria-activedescendant")
      await expect(input).toHaveValue("Tiếng Việt")
    })
    await step("ArrowUp opens too; Enter chooses the active option", async () => {
      await userEvent.keyboard("{ArrowUp}{ArrowUp}{Enter}")
      await expect(args.onValueChange).toHaveBeenCalledWith("tr", expect.objectContaining({ value: "tr" }))
      await expect(input).toHaveValue("Türkçe")
    })
    await step("open again for the screenshot", async () => {
      await userEvent.keyboard("{ArrowDown}{ArrowDown}")
      await expect(active()).toHaveTextContent("Tiếng Việt")
    })
  },
}

/** The pointer: a click opens the list, hovering moves the active option, a click chooses. */
export const Pointer: Story = {
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("combobox")
    await userEvent.click(input)
    await expect(input).toHaveAttribute("aria-expanded", "true")
    const option = canvas.getByRole("option", { name: /Deutsch/ })
    await userEvent.hover(option)
    await expect(option).toHaveAttribute("data-active")
    await userEvent.click(option)
    await expect(args.onValueChange).toHaveBeenCalledWith("de", expect.objectContaining({ label: "Deutsch" }))
    await expect(input).toHaveValue("Deutsch")
    await expect(input).toHaveFocus()
    await expect(input).toHaveAttribute("aria-expanded", "false")
    await step("the chevron toggles the list", async () => {
      const toggle = input.parentElement?.querySelector<HTMLElement>("[data-slot=combobox-toggle]")
      await userEvent.click(toggle as HTMLElement)
      await expect(input).toHaveAttribute("aria-expanded", "true")
      await expect(input).toHaveFocus()
    })
  },
}

/** `minChars` shows the provider's hint until enough is typed; it is also announced, then the count of matches. */
export const MinChars: Story = {
  args: { minChars: 3, placeholder: "At least 3 letters" },
  play: async ({ canvas, step }) => {
    const input = canvas.getByRole("combobox")
    const status = canvas.getByRole("status")
    await step("the hint while too little is typed", async () => {
      await userEvent.click(input)
      await expect(canvas.getByText("Type at least 3 characters to search", shown)).toBeVisible()
      await expect(status).toHaveTextContent("Type at least 3 characters to search")
      await userEvent.type(input, "en")
      await expect(input).toHaveAttribute("aria-expanded", "false")
      await expect(canvas.queryAllByRole("option")).toHaveLength(0)
    })
    await step("the list once there is enough", async () => {
      await userEvent.type(input, "g")
      await expect(input).toHaveAttribute("aria-expanded", "true")
      // "eng" also matches "Tiếng Việt": accents are ignored.
      await expect(canvas.getAllByRole("option").map((o) => o.textContent)).toEqual([
        "English62% of tasks",
        "Tiếng Việt",
      ])
      await expect(status).toHaveTextContent("Results: 2")
    })
    await step("back to the hint for the screenshot", async () => {
      await userEvent.type(input, "{Backspace}{Backspace}")
      await expect(canvas.getByText("Type at least 3 characters to search", shown)).toBeVisible()
    })
  },
}

/** No match: the provider's "Nothing found", announced politely; Enter does not choose anything. */
export const NoResults: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("combobox")
    await userEvent.type(input, "Klingon")
    await expect(canvas.getByText("Nothing found", shown)).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Nothing found")
    await expect(input).toHaveAttribute("aria-expanded", "false")
    await userEvent.keyboard("{Enter}")
    await expect(args.onValueChange).not.toHaveBeenCalled()
    await expect(canvas.queryByText("Nothing found", shown)).toBeNull()
    await userEvent.type(input, "s")
    await expect(canvas.getByText("Nothing found", shown)).toBeVisible()
  },
}

/** Leaving the input puts back the chosen label; emptying it and leaving clears the choice. */
export const LeavingTheInput: Story = {
  args: { defaultValue: "es" },
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("combobox")
    await step("an unfinished search is undone", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "Fran")
      await userEvent.tab()
      await expect(input).toHaveValue("Español")
      await expect(args.onValueChange).not.toHaveBeenCalled()
    })
    await step("an empty input clears the value", async () => {
      await userEvent.clear(input)
      await userEvent.tab()
      await expect(input).toHaveValue("")
      await expect(args.onValueChange).toHaveBeenCalledWith(null, null)
    })
  },
}

const accounts: ComboboxOption[] = [
  { id: "acc_1042", email: "anna.petrova@solvefarm.io", balance: "$1,204.50" },
  { id: "acc_2211", email: "annika@scrape-ops.de", balance: "$87.10" },
  { id: "acc_3307", email: "ops@annual-reports.example", balance: "$15.00" },
  { id: "acc_4419", email: "dmitry@parsers.ru", balance: "$640.00" },
  { id: "acc_5120", email: "billing@seo-tools.example", balance: "$0.35" },
].map(({ id, email, balance }) => ({ value: id, label: email, description: `${id} · balance ${balance}` }))

/** A stand-in for the admin API: answers after a short delay, already filtered. */
function searchAccounts(query: string): Promise<ComboboxOption[]> {
  const needle = query.toLowerCase()
  return new Promise((resolve) =>
    setTimeout(
      () => resolve(accounts.filter((a) => a.label.includes(needle) || a.value.includes(needle))),
      300,
    ),
  )
}

function AsyncAccountSearch(props: Partial<ComboboxProps>) {
  const [query, setQuery] = useState("")
  const [results, setResults] = useState<ComboboxOption[]>([])
  const [loading, setLoading] = useState(false)
  useEffect(() => {
    if (query.trim().length < 2) return
    let current = true
    searchAccounts(query).then((found) => {
      if (!current) return
      setResults(found)
      setLoading(false)
    })
    return () => {
      current = false
    }
  }, [query])
  return (
    <Field label="Customer account" hint="Search by email or account ID.">
      <Combobox
        {...props}
        options={results}
        filter={false}
        minChars={2}
        loading={loading}
        placeholder="e.g. anna@ or acc_1042"
        onInputValueChange={(text) => {
          props.onInputValueChange?.(text)
          setQuery(text)
          if (text.trim().length >= 2) setLoading(true)
          else {
            setResults([])
            setLoading(false)
          }
        }}
      />
    </Field>
  )
}

/** Options from a server: `filter={false}`, new `options` as results come in, and `loading` meanwhile. */
export const AsyncOptions: Story = {
  render: (args) => <AsyncAccountSearch onValueChange={args.onValueChange} />,
  play: async ({ canvas, args, step }) => {
    const input = canvas.getByRole("combobox", { name: "Customer account" })
    await step("typing starts a search; a spinner and 'Loading…' show meanwhile", async () => {
      await userEvent.type(input, "ann")
      await expect(input).toHaveAttribute("aria-busy", "true")
      await expect(canvas.getByRole("status")).toHaveTextContent("Loading…")
    })
    await step("results replace it; the first is active", async () => {
      await waitFor(() => expect(canvas.getAllByRole("option")).toHaveLength(3))
      await expect(input).not.toHaveAttribute("aria-busy")
      const active = document.getElementById(input.getAttribute("aria-activedescendant") ?? "")
      await expect(active).toHaveTextContent("anna.petrova@solvefarm.io")
    })
    await step("arrow and Enter choose", async () => {
      await userEvent.keyboard("{ArrowDown}{Enter}")
      await expect(args.onValueChange).toHaveBeenCalledWith(
        "acc_2211",
        expect.objectContaining({ value: "acc_2211" }),
      )
      await expect(input).toHaveValue("annika@scrape-ops.de")
    })
    await step("a search without results says so", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "zzz")
      await waitFor(() => expect(canvas.getByText("Nothing found", shown)).toBeVisible())
    })
    await step("a new search for the screenshot", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "ru")
      await waitFor(() => expect(canvas.getAllByRole("option")).toHaveLength(1))
    })
  },
}

/** While loading with no results yet, the list says "Loading…" beside a spinner. */
export const Loading: Story = {
  args: { options: [], loading: true, filter: false, defaultInputValue: "Bahasa" },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox")
    await userEvent.click(input)
    await expect(input).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getByText("Loading…", shown)).toBeVisible()
  },
}

export const Large: Story = {
  args: { size: "lg", defaultValue: "en" },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox")
    await expect(input.closest("[data-slot=combobox]")).toHaveAttribute("data-size", "lg")
    await expect(input.closest("[data-slot=combobox-box]")?.getBoundingClientRect().height).toBe(48)
  },
}

export const Invalid: Story = {
  render: (args) => (
    <Field label="Language of your tasks" error="Choose at least one language to get tasks." required>
      <Combobox {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox", { name: /Language of your tasks/ })
    await expect(input).toBeInvalid()
    await expect(input).toBeRequired()
    await expect(input).toHaveAccessibleDescription("Choose at least one language to get tasks.")
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "ru" },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("combobox")
    await expect(input).toBeDisabled()
    await userEvent.click(input, { pointerEventsCheck: 0 })
    await expect(input).toHaveAttribute("aria-expanded", "false")
    await expect(args.onInputValueChange).not.toHaveBeenCalled()
  },
}

/** With `name`, a hidden input sends the chosen value (not the label) with the form. */
export const InAForm: Story = {
  args: { name: "language", defaultValue: "de" },
  render: (args) => (
    <form
      aria-label="Worker settings"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        event.currentTarget.dataset.submitted = JSON.stringify(
          Object.fromEntries(new FormData(event.currentTarget)),
        )
      }}
    >
      <Field label="Language of your tasks">
        <Combobox {...args} />
      </Field>
      <Button type="submit">Save settings</Button>
    </form>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox")
    await userEvent.clear(input)
    await userEvent.type(input, "fran{Enter}")
    await userEvent.click(canvas.getByRole("button", { name: "Save settings" }))
    const form = canvas.getByRole("form", { name: "Worker settings" })
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ language: "fr" })
  },
}

/** The hint and empty texts come from the provider in the site language. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: { minChars: 2, placeholder: "言語を入力" },
  render: (args) => (
    <Field label="タスクの言語">
      <Combobox {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("combobox", { name: "タスクの言語" }))
    await expect(canvas.getByRole("status")).not.toHaveTextContent("Type at least")
    await expect(canvas.getByRole("status")).not.toBeEmptyDOMElement()
  },
}

/** The count of matches is announced in the site language, phrased so that any number reads right. */
export const ResultsCountRussian: Story = {
  globals: { locale: "ru" },
  args: { placeholder: "Введите язык" },
  render: (args) => (
    <Field label="Язык заданий">
      <Combobox {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox", { name: "Язык заданий" })
    await userEvent.type(input, "ру")
    await expect(canvas.getByRole("listbox", { name: "Язык заданий" })).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Результатов: 1")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: "ru" },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("combobox")
    await userEvent.click(input)
    await userEvent.keyboard("{ArrowDown}")
    await expect(canvas.getByRole("option", { name: /Русский/ })).toHaveAttribute("aria-selected", "true")
  },
}
