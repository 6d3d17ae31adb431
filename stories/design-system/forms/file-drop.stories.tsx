import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Button, Field, FileDrop } from "@manyhands/design-system"

const image = (name: string, size = 48_000, type = "image/png") =>
  new File([new Uint8Array(size)], name, { type })

const batch = [
  image("captcha-batch-0142.png", 48_000),
  image("captcha-batch-0143.jpg", 1_240_000, "image/jpeg"),
  image("captcha-batch-0144.png", 312_000),
]

const meta = {
  title: "Components/Forms/FileDrop",
  component: FileDrop,
  args: {
    accept: ["image/png", "image/jpeg"],
    acceptLabel: "PNG, JPEG",
    maxSize: 2_000_000,
    hint: "PNG or JPEG, up to 2 MB each",
    onChange: fn(),
    onReject: fn(),
  },
  render: (args) => (
    <div className="w-[28rem] max-w-full">
      <Field label="Captcha images">
        <FileDrop {...args} />
      </Field>
    </div>
  ),
} satisfies Meta<typeof FileDrop>

export default meta
type Story = StoryObj<typeof meta>

const fileInput = (root: HTMLElement) => root.querySelector<HTMLInputElement>("input[type=file]")!
const zone = (root: HTMLElement) => root.querySelector<HTMLElement>("[data-slot=file-drop-zone]")!

/** Drag events as the browser fires them when files from the desktop are held over or dropped on the zone. */
const drag = (target: HTMLElement, type: "dragenter" | "dragover" | "drop", ...files: File[]) => {
  const dataTransfer = new DataTransfer()
  for (const file of files) dataTransfer.items.add(file)
  target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }))
}

/** Empty, with files being uploaded, invalid and disabled: one screenshot for all. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid w-[60rem] grid-cols-2 gap-8">
      <Field label="Empty">
        <FileDrop hint="PNG or JPEG, up to 2 MB" />
      </Field>
      <Field label="Uploading">
        <FileDrop
          multiple
          defaultValue={batch}
          progress={{ "captcha-batch-0142.png": 1, "captcha-batch-0143.jpg": 0.42 }}
          hint="Up to 50 images at once"
        />
      </Field>
      <Field label="Invalid" error="Add at least one sample image of the captcha.">
        <FileDrop required title="Drop sample captchas here" />
      </Field>
      <Field label="Disabled" disabled>
        <FileDrop defaultValue={batch.slice(0, 1)} />
      </Field>
    </div>
  ),
  play: async ({ canvasElement, canvas }) => {
    const drops = canvasElement.querySelectorAll("[data-slot=file-drop]")
    await expect(drops).toHaveLength(4)
    await expect(drops[3]).toHaveAttribute("data-state", "disabled")
    await expect(drops[2]).toHaveAttribute("data-invalid", "true")
    await expect(canvas.getAllByRole("progressbar")).toHaveLength(1)
    await expect(canvas.getAllByRole("listitem")).toHaveLength(4)
  },
}

/** Choose a file with the button (or the keyboard); it is listed with its size and a remove button. */
export const Default: Story = {
  play: async ({ canvasElement, canvas, args, step }) => {
    const input = fileInput(canvasElement)
    await step("the file input carries the label, the hint and the limits", async () => {
      await expect(input).toHaveAccessibleName("Captcha images Choose a file")
      await expect(input).toHaveAccessibleDescription("PNG or JPEG, up to 2 MB each")
      await expect(input).toHaveAttribute("accept", "image/png,image/jpeg")
      await expect(canvas.getByText("Drag a file here or choose one")).toBeVisible()
    })
    await step("Tab reaches the chooser", async () => {
      await userEvent.tab()
      await expect(input).toHaveFocus()
    })
    await step("a chosen file is listed", async () => {
      const file = image("captcha-0142.png")
      await userEvent.upload(input, file)
      await expect(args.onChange).toHaveBeenLastCalledWith([file])
      await expect(canvas.getByText("captcha-0142.png")).toBeVisible()
      await expect(canvas.getByText("48 kB")).toBeVisible()
    })
    await step("a second file replaces the first (not multiple)", async () => {
      const second = image("captcha-0143.png", 52_000)
      await userEvent.upload(input, second)
      await expect(args.onChange).toHaveBeenLastCalledWith([second])
      await expect(canvas.getAllByRole("listitem")).toHaveLength(1)
    })
  },
}

/** Dropping files on the zone adds them; the zone lights up while files are dragged over it. */
export const DragAndDrop: Story = {
  args: { multiple: true },
  play: async ({ canvasElement, canvas, args }) => {
    const target = zone(canvasElement)
    drag(target, "dragenter", batch[0]!, batch[2]!)
    drag(target, "dragover", batch[0]!, batch[2]!)
    await waitFor(() =>
      expect(target.closest("[data-slot=file-drop]")).toHaveAttribute("data-state", "drag-over"),
    )
    drag(target, "drop", batch[0]!, batch[2]!)
    await waitFor(() => expect(target.closest("[data-slot=file-drop]")).toHaveAttribute("data-state", "idle"))
    await expect(args.onChange).toHaveBeenLastCalledWith([batch[0], batch[2]])
    await expect(canvas.getAllByRole("listitem")).toHaveLength(2)
  },
}

/** The look while files are held over the zone. */
export const DragOver: Story = {
  play: async ({ canvasElement }) => {
    const target = zone(canvasElement)
    drag(target, "dragenter", batch[0]!)
    await waitFor(() =>
      expect(target.closest("[data-slot=file-drop]")).toHaveAttribute("data-state", "drag-over"),
    )
  },
}

/** A file of another type is refused with a message that names the accepted types. */
export const WrongType: Story = {
  play: async ({ canvasElement, canvas, args }) => {
    const csv = new File(["id,answer\n48206,W7K2P"], "answers.csv", { type: "text/csv" })
    drag(zone(canvasElement), "drop", csv)
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("answers.csv is not one of the accepted types: PNG, JPEG")
    await expect(args.onReject).toHaveBeenCalledWith([
      expect.objectContaining({ file: csv, reason: "wrong-type" }),
    ])
    await expect(args.onChange).not.toHaveBeenCalled()
    const input = fileInput(canvasElement)
    await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(input).toHaveAccessibleDescription(/not one of the accepted types/)
  },
}

/** A file over `maxSize` is refused; the limit is written in the language's units. */
export const TooLarge: Story = {
  play: async ({ canvasElement, canvas, args }) => {
    const big = image("screenshot-full.png", 3_400_000)
    await userEvent.upload(fileInput(canvasElement), big)
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      "screenshot-full.png is larger than 2 MB",
    )
    await expect(args.onReject).toHaveBeenCalledWith([expect.objectContaining({ reason: "too-large" })])
    await expect(canvasElement.querySelector("[data-slot=file-drop-files]")).toBeNull()
    // A good file clears the message.
    await userEvent.upload(fileInput(canvasElement), image("captcha-0142.png"))
    await expect(canvas.queryByRole("alert")).toBeNull()
  },
}

/** Progress per file from the app's upload: a bar while it runs, a check when done. */
export const Uploading: Story = {
  args: {
    multiple: true,
    defaultValue: batch,
    progress: { "captcha-batch-0142.png": 1, "captcha-batch-0143.jpg": 0.42, "captcha-batch-0144.png": 0.05 },
  },
  play: async ({ canvas }) => {
    const bars = canvas.getAllByRole("progressbar")
    await expect(bars).toHaveLength(2)
    await expect(bars[0]).toHaveAccessibleName("Uploading captcha-batch-0143.jpg: 42%")
    await expect(bars[0]).toHaveAttribute("aria-valuenow", "42")
    await expect(bars[1]).toHaveAttribute("aria-valuenow", "5")
    const done = canvas.getByText("captcha-batch-0142.png").closest("li")
    await expect(done).toHaveAttribute("data-state", "done")
    // The check mark says it in words: the provider's "{name} uploaded".
    await expect(canvas.getByRole("img", { name: "captcha-batch-0142.png uploaded" })).toBeVisible()
  },
}

/** The app's upload reports progress; the file drop shows the check and announces the finished file once. */
function UploadThatFinishes() {
  const [progress, setProgress] = useState<Record<string, number>>({ "captcha-batch-0143.jpg": 0.9 })
  return (
    <div className="flex w-[28rem] max-w-full flex-col items-start gap-4">
      <Field label="Captcha images">
        <FileDrop multiple defaultValue={batch.slice(1, 2)} progress={progress} />
      </Field>
      <Button variant="secondary" onClick={() => setProgress({ "captcha-batch-0143.jpg": 1 })}>
        Finish the upload
      </Button>
    </div>
  )
}

/** A finished upload is announced through a status region, in the provider's words. */
export const AnnouncesFinishedUpload: Story = {
  render: () => <UploadThatFinishes />,
  play: async ({ canvas }) => {
    const status = canvas.getByRole("status")
    await expect(status).toBeEmptyDOMElement()
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "90")
    await userEvent.click(canvas.getByRole("button", { name: "Finish the upload" }))
    await expect(status).toHaveTextContent("captcha-batch-0143.jpg uploaded")
    await expect(canvas.queryByRole("progressbar")).toBeNull()
    await expect(canvas.getByRole("img", { name: "captcha-batch-0143.jpg uploaded" })).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Several files; each has its own remove button, and focus goes back to the chooser after a removal. */
export const Multiple: Story = {
  args: { multiple: true },
  play: async ({ canvasElement, canvas, args }) => {
    const input = fileInput(canvasElement)
    await expect(input).toHaveAttribute("multiple")
    await userEvent.upload(input, [batch[0]!, batch[1]!])
    await userEvent.upload(input, [batch[2]!])
    await expect(args.onChange).toHaveBeenLastCalledWith(batch)
    await userEvent.click(canvas.getByRole("button", { name: "Remove captcha-batch-0143.jpg" }))
    await expect(args.onChange).toHaveBeenLastCalledWith([batch[0], batch[2]])
    await expect(input).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Remove captcha-batch-0142.png" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onChange).toHaveBeenLastCalledWith([batch[2]])
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: batch.slice(0, 1) },
  play: async ({ canvasElement, canvas, args }) => {
    await expect(fileInput(canvasElement)).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Remove captcha-batch-0142.png" })).toBeDisabled()
    drag(zone(canvasElement), "drop", batch[1]!)
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** The Russian texts and units from the provider. */
export const Russian: Story = {
  globals: { locale: "ru" },
  args: {
    hint: "PNG или JPEG, до 2 МБ",
    defaultValue: batch.slice(1, 2),
    progress: { "captcha-batch-0143.jpg": 0.7 },
  },
  render: (args) => (
    <div className="w-[28rem] max-w-full">
      <Field label="Изображения капчи">
        <FileDrop {...args} />
      </Field>
    </div>
  ),
  play: async ({ canvasElement, canvas }) => {
    await expect(fileInput(canvasElement)).toHaveAccessibleName(/^Изображения капчи /)
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "70")
    await userEvent.upload(fileInput(canvasElement), image("big.png", 2_500_000))
    await expect(await canvas.findByRole("alert")).toHaveTextContent(/big\.png.*2 МБ/)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { multiple: true, defaultValue: batch, progress: { "captcha-batch-0143.jpg": 0.42 } },
  play: async ({ canvasElement }) => {
    const box = canvasElement.querySelector("[data-slot=file-drop]")!.getBoundingClientRect()
    await expect(box.right).toBeLessThanOrEqual(375)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: {
    multiple: true,
    defaultValue: batch,
    progress: { "captcha-batch-0143.jpg": 0.42, "captcha-batch-0142.png": 1 },
  },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getByRole("progressbar")).toBeVisible()
  },
}
