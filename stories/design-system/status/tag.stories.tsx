import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { SelectableTag, Tag, TagList, type TagSize, type TagTone } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/Tag",
  component: Tag,
  args: { children: "Python" },
} satisfies Meta<typeof Tag>

export default meta
type Story = StoryObj<typeof meta>

const tones: TagTone[] = ["neutral", "info", "success", "warning", "danger", "promo"]
const sizes: TagSize[] = ["sm", "md"]

/** Every tone × size, static and removable, and the selectable chip off and on. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col items-start gap-6">
      <table className="border-separate border-spacing-x-4 border-spacing-y-2 text-left text-sm">
        <thead>
          <tr>
            <th scope="col">tone</th>
            {sizes.map((size) => (
              <th key={size} scope="col" className="font-mono font-normal">
                {size}
              </th>
            ))}
            {sizes.map((size) => (
              <th key={size} scope="col" className="font-mono font-normal">
                removable {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tones.map((tone) => (
            <tr key={tone}>
              <th scope="row" className="pr-2 font-mono font-normal">
                {tone}
              </th>
              {sizes.map((size) => (
                <td key={size}>
                  <Tag tone={tone} size={size}>
                    Image to text
                  </Tag>
                </td>
              ))}
              {sizes.map((size) => (
                <td key={size}>
                  <Tag tone={tone} size={size} onRemove={() => {}} removeLabel={`Remove ${tone} ${size}`}>
                    Image to text
                  </Tag>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-3">
        {sizes.map((size) => (
          <SelectableTag key={`off-${size}`} size={size}>
            hCaptcha
          </SelectableTag>
        ))}
        {sizes.map((size) => (
          <SelectableTag key={`on-${size}`} size={size} defaultSelected>
            reCAPTCHA v2
          </SelectableTag>
        ))}
        <SelectableTag disabled>FunCaptcha</SelectableTag>
      </div>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-slot="tag"]')).toHaveLength(tones.length * 4)
    await expect(canvas.getAllByRole("button", { name: /^Remove / })).toHaveLength(tones.length * 2)
    await expect(canvas.getAllByRole("button", { pressed: true })).toHaveLength(2)
    await expect(canvas.getByRole("button", { name: "FunCaptcha" })).toBeDisabled()
  },
}

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Python")).toBeVisible()
    await expect(canvas.queryByRole("button")).toBeNull()
    await expect(canvasElement.querySelector('[data-slot="tag"]')).toHaveAttribute("data-size", "md")
  },
}

/**
 * The remove button is named after its tag, so a list of them is not a row of identical "Remove"s. The
 * provider's "Remove {name}" does it for a tag whose text is a string; `removeLabel` overrides it.
 */
export const Removable: Story = {
  args: { onRemove: fn() },
  play: async ({ canvas, args }) => {
    const remove = canvas.getByRole("button", { name: "Remove Python" })
    await userEvent.click(remove)
    await expect(args.onRemove).toHaveBeenCalledTimes(1)
    remove.focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onRemove).toHaveBeenCalledTimes(2)
  },
}

/** The default name of the remove button is in the site language. */
export const RemovableRussian: Story = {
  globals: { locale: "ru" },
  args: { onRemove: fn(), children: "Распознавание текста" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Удалить Распознавание текста" })).toBeVisible()
  },
}

export const Small: Story = {
  args: { size: "sm", tone: "info", children: "Rotated text" },
  play: async ({ canvasElement }) => {
    const tag = canvasElement.querySelector<HTMLElement>('[data-slot="tag"]')
    await expect(tag).toHaveAttribute("data-size", "sm")
    await expect(tag?.getBoundingClientRect().height).toBe(24)
  },
}

function SkillsEditor() {
  const [skills, setSkills] = useState(["Python", "Image to text", "reCAPTCHA v2", "Audio captchas"])
  return (
    <div className="flex w-96 flex-col gap-2">
      <p id="skills-title" className="text-sm font-medium">
        Your skills
      </p>
      {skills.length ? (
        <TagList aria-labelledby="skills-title">
          {skills.map((skill) => (
            <Tag key={skill} onRemove={() => setSkills((all) => all.filter((s) => s !== skill))}>
              {skill}
            </Tag>
          ))}
        </TagList>
      ) : (
        <p className="text-sm text-muted-foreground">No skills yet: add one to get matching tasks.</p>
      )}
    </div>
  )
}

/** Removing a tag with the keyboard moves focus to the next tag's remove button, then to the previous one. */
export const RemoveFromList: Story = {
  render: () => <SkillsEditor />,
  play: async ({ canvas, step }) => {
    const list = canvas.getByRole("list", { name: "Your skills" })
    await expect(within(list).getAllByRole("listitem")).toHaveLength(4)
    await step("focus moves to the next tag", async () => {
      canvas.getByRole("button", { name: "Remove Image to text" }).focus()
      await userEvent.keyboard("{Enter}")
      await waitFor(() => expect(canvas.getByRole("button", { name: "Remove reCAPTCHA v2" })).toHaveFocus())
      await expect(canvas.queryByText("Image to text")).toBeNull()
    })
    await step("at the end, focus moves back", async () => {
      canvas.getByRole("button", { name: "Remove Audio captchas" }).focus()
      await userEvent.keyboard(" ")
      await waitFor(() => expect(canvas.getByRole("button", { name: "Remove reCAPTCHA v2" })).toHaveFocus())
      await expect(within(list).getAllByRole("listitem")).toHaveLength(2)
    })
  },
}

/** Filter chips: each is a toggle button with aria-pressed. */
export const Selectable: Story = {
  render: () => {
    const onChange = fn()
    return (
      <div role="group" aria-label="Captcha types" className="flex flex-wrap gap-2">
        <SelectableTag defaultSelected onSelectedChange={onChange}>
          reCAPTCHA v2
        </SelectableTag>
        <SelectableTag>hCaptcha</SelectableTag>
        <SelectableTag>Image to text</SelectableTag>
        <SelectableTag>Cloudflare Turnstile</SelectableTag>
      </div>
    )
  },
  play: async ({ canvas }) => {
    const recaptcha = canvas.getByRole("button", { name: "reCAPTCHA v2" })
    const hcaptcha = canvas.getByRole("button", { name: "hCaptcha" })
    await expect(recaptcha).toHaveAttribute("aria-pressed", "true")
    await expect(hcaptcha).toHaveAttribute("aria-pressed", "false")
    await userEvent.click(hcaptcha)
    await expect(hcaptcha).toHaveAttribute("aria-pressed", "true")
    await expect(hcaptcha).toHaveAttribute("data-state", "on")
    await userEvent.keyboard(" ")
    await expect(hcaptcha).toHaveAttribute("aria-pressed", "false")
    await userEvent.click(hcaptcha)
  },
}

function ControlledFilters({ onSelectedChange }: { onSelectedChange: (type: string, on: boolean) => void }) {
  const [types, setTypes] = useState<string[]>(["hCaptcha"])
  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Captcha types" className="flex flex-wrap gap-2">
        {["reCAPTCHA v2", "hCaptcha", "Image to text"].map((type) => (
          <SelectableTag
            key={type}
            size="sm"
            selected={types.includes(type)}
            onSelectedChange={(on) => {
              onSelectedChange(type, on)
              setTypes((all) => (on ? [...all, type] : all.filter((t) => t !== type)))
            }}
          >
            {type}
          </SelectableTag>
        ))}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {types.length ? types.join(", ") : "all types"}
      </p>
    </div>
  )
}

export const SelectableControlled: Story = {
  render: () => <ControlledFilters onSelectedChange={selectionSpy} />,
  play: async ({ canvas }) => {
    selectionSpy.mockClear()
    await userEvent.click(canvas.getByRole("button", { name: "Image to text" }))
    await expect(selectionSpy).toHaveBeenCalledWith("Image to text", true)
    await userEvent.click(canvas.getByRole("button", { name: "hCaptcha" }))
    await expect(selectionSpy).toHaveBeenLastCalledWith("hCaptcha", false)
    await expect(canvas.getByText("Showing Image to text")).toBeVisible()
  },
}
const selectionSpy = fn()

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-col gap-3">
      <TagList aria-label="Languages">
        {tones.map((tone) => (
          <Tag key={tone} tone={tone} onRemove={() => {}} removeLabel={`Remove the ${tone} language`}>
            {tone}
          </Tag>
        ))}
      </TagList>
      <div className="flex gap-2">
        <SelectableTag>hCaptcha</SelectableTag>
        <SelectableTag defaultSelected>reCAPTCHA v2</SelectableTag>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getByRole("list", { name: "Languages" })).toBeVisible()
    // removeLabel wins over the provider's "Remove {name}".
    await expect(canvas.getByRole("button", { name: "Remove the info language" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "reCAPTCHA v2", pressed: true })).toBeVisible()
  },
}
