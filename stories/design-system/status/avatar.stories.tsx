import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, waitFor } from "storybook/test"
import { Avatar, avatarSizes, StatusDot, type AvatarShape } from "@manyhands/design-system"

/** A drawn head-and-shoulders picture as a data URL, so stories need no network. */
function portrait(background: string, skin: string, hair: string, shirt: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><path d="M10 66c1-14 10-21 22-21s21 7 22 21z" fill="${shirt}"/><rect x="27" y="34" width="10" height="12" rx="4" fill="${skin}"/><circle cx="32" cy="27" r="12" fill="${skin}"/><path d="M19 28c-2-11 5-17 13-17s15 6 13 17c-2-6-7-9-13-9s-11 3-13 9z" fill="${hair}"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const amara = portrait("#cfe0ff", "#8d5a3b", "#1f1a17", "#2346cc")
const diego = portrait("#ffe3b8", "#e0b18e", "#5a3825", "#1d7a3e")

const meta = {
  title: "Components/Status/Avatar",
  component: Avatar,
  args: { name: "Amara Okafor", src: amara },
  argTypes: {
    size: { control: "inline-radio", options: avatarSizes },
    shape: { control: "inline-radio", options: ["circle", "square"] },
  },
} satisfies Meta<typeof Avatar>

export default meta
type Story = StoryObj<typeof meta>

const shapes: AvatarShape[] = ["circle", "square"]

/** Waits until every picture in the canvas has loaded, so the screenshot has them. */
async function imagesLoaded(root: HTMLElement) {
  await Promise.all(Array.from(root.querySelectorAll("img"), (img) => img.decode().catch(() => undefined)))
}

/** Every size × shape, with a photo, initials and a status in the corner. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-x-5 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">shape</th>
          {avatarSizes.map((size) => (
            <th key={size} scope="col" className="font-mono font-normal">
              {size}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {shapes.flatMap((shape) =>
          (["photo", "initials", "status"] as const).map((kind) => (
            <tr key={`${shape}-${kind}`}>
              <th scope="row" className="font-mono font-normal">
                {shape} {kind}
              </th>
              {avatarSizes.map((size) => (
                <td key={size}>
                  <Avatar
                    name={kind === "photo" ? "Amara Okafor" : "Diego Ramos"}
                    src={kind === "photo" ? amara : undefined}
                    size={size}
                    shape={shape}
                    status={
                      kind === "status" ? (
                        <StatusDot
                          status="online"
                          label="Online"
                          hideLabel
                          size={size === "xl" ? "lg" : "sm"}
                        />
                      ) : undefined
                    }
                  />
                </td>
              ))}
            </tr>
          )),
        )}
      </tbody>
    </table>
  ),
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    await expect(canvas.getAllByRole("img", { name: "Amara Okafor" })).toHaveLength(avatarSizes.length * 2)
    await expect(canvas.getAllByRole("img", { name: "Diego Ramos" })).toHaveLength(avatarSizes.length * 4)
    await expect(canvas.getAllByText("Online")).toHaveLength(avatarSizes.length * 2)
  },
}

/** The photo's alternative text is the person's name. */
export const WithImage: Story = {
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    const img = canvas.getByRole("img", { name: "Amara Okafor" })
    await expect(img.tagName).toBe("IMG")
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute("data-state", "image")
  },
}

/** Without a photo: initials on a colour picked from the name, named like the photo would be. */
export const Initials: Story = {
  args: { name: "Diego Ramos", src: undefined, size: "lg" },
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole("img", { name: "Diego Ramos" })
    await expect(avatar).toHaveTextContent("DR")
    await expect(avatar).toHaveAttribute("data-slot", "avatar-fallback")
  },
}

/** A photo that fails to load falls back to the initials. */
export const BrokenImage: Story = {
  args: { name: "Priya Nair", src: "/avatars/priya-nair-missing.jpg", size: "lg" },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute("data-state", "fallback"),
    )
    await expect(canvas.getByRole("img", { name: "Priya Nair" })).toHaveTextContent("PN")
  },
}

/** Next to the written name the avatar is decoration (`alt=""`), so the name is not read twice. */
export const Decorative: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-3 text-sm font-medium">
        <Avatar name="Amara Okafor" src={amara} alt="" size="sm" />
        Amara Okafor
      </p>
      <p className="flex items-center gap-3 text-sm font-medium">
        <Avatar name="Diego Ramos" alt="" size="sm" />
        Diego Ramos
      </p>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    await expect(canvas.queryAllByRole("img")).toHaveLength(0)
    await expect(canvasElement.querySelector("img")).toHaveAttribute("alt", "")
    await expect(canvasElement.querySelector('[data-slot="avatar-fallback"]')).toHaveAttribute(
      "aria-hidden",
      "true",
    )
  },
}

/** The corner slot holds a StatusDot whose words stay for screen readers. */
export const WithStatus: Story = {
  args: {
    name: "Diego Ramos",
    src: diego,
    size: "xl",
    status: <StatusDot status="busy" label="Solving a task" hideLabel size="lg" />,
  },
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    await expect(canvas.getByRole("img", { name: "Diego Ramos" })).toBeVisible()
    await expect(canvas.getByText("Solving a task")).toHaveClass("sr-only")
    await expect(canvasElement.querySelector('[data-slot="avatar-status"]')).not.toBeNull()
  },
}

/** Square for teams and integrations. */
export const Square: Story = {
  args: { name: "Manyhands Support", src: undefined, shape: "square", size: "lg" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("img", { name: "Manyhands Support" })).toHaveTextContent("MS")
    await expect(canvasElement.querySelector('[data-slot="avatar"]')).toHaveAttribute("data-shape", "square")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex items-center gap-3">
      <Avatar
        name="Amara Okafor"
        src={amara}
        size="lg"
        status={<StatusDot status="online" label="Online" hideLabel />}
      />
      {["Diego Ramos", "Li Wei", "Priya Nair", "Jan van der Berg", "Support"].map((name) => (
        <Avatar key={name} name={name} size="lg" />
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getByRole("img", { name: "Jan van der Berg" })).toHaveTextContent("JB")
    await expect(canvas.getAllByRole("img")).toHaveLength(6)
  },
}
