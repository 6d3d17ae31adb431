import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import {
  Avatar,
  Badge,
  CheckIcon,
  FileIcon,
  StatusDot,
  Timeline,
  TimelineItem,
  timelineTones,
  UserIcon,
} from "@manyhands/design-system"

/** A drawn head-and-shoulders picture as a data URL, so stories need no network. */
function portrait(background: string, skin: string, hair: string, shirt: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><path d="M10 66c1-14 10-21 22-21s21 7 22 21z" fill="${shirt}"/><rect x="27" y="34" width="10" height="12" rx="4" fill="${skin}"/><circle cx="32" cy="27" r="12" fill="${skin}"/><path d="M19 28c-2-11 5-17 13-17s15 6 13 17c-2-6-7-9-13-9s-11 3-13 9z" fill="${hair}"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const sofia = portrait("#e8dcff", "#f1c7a5", "#8a4b2a", "#4f1fa3")

const meta = {
  title: "Components/Status/Timeline",
  component: Timeline,
  args: { "aria-label": "Ticket #4821: Balance not credited after top-up" },
  decorators: [
    (Story) => (
      <div className="w-[36rem] max-w-full">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Timeline>

export default meta
type Story = StoryObj<typeof meta>

async function imagesLoaded(root: HTMLElement) {
  await Promise.all(Array.from(root.querySelectorAll("img"), (img) => img.decode().catch(() => undefined)))
}

/** A support ticket from opening to resolution. */
export const TicketThread: Story = {
  render: (args) => (
    <Timeline {...args}>
      <TimelineItem tone="status" icon={<FileIcon />} time="2026-03-02T09:14:00Z">
        Ticket opened by <span className="font-medium text-foreground">Marek Nowak</span>
      </TimelineItem>
      <TimelineItem author="Marek Nowak" authorRole="Customer" time="2026-03-02T09:14:00Z">
        I topped up $50.00 by card at 09:02 UTC. The payment shows as completed in my bank, but my Manyhands
        balance is still $3.20 and my scripts are getting ERROR_ZERO_BALANCE.
      </TimelineItem>
      <TimelineItem
        tone="support"
        author="Sofia Lindqvist"
        authorRole="Support"
        avatar={<Avatar name="Sofia Lindqvist" src={sofia} alt="" />}
        time="2026-03-02T09:31:00Z"
      >
        Thanks, Marek. The card processor confirmed the payment a few minutes late; I have credited $50.00 to
        your balance by hand. Requests should go through again now.
      </TimelineItem>
      <TimelineItem
        tone="note"
        author="Sofia Lindqvist"
        authorRole="Internal note"
        avatar={<Avatar name="Sofia Lindqvist" src={sofia} alt="" />}
        time="2026-03-02T09:33:00Z"
      >
        Webhook from the processor arrived 29 minutes late. Linked to incident INC-118.
      </TimelineItem>
      <TimelineItem tone="status" icon={<CheckIcon />} author="Sofia Lindqvist" time="2026-03-02T09:34:00Z">
        changed the status to <Badge tone="success">Solved</Badge>
      </TimelineItem>
    </Timeline>
  ),
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    const thread = canvas.getByRole("list", { name: "Ticket #4821: Balance not credited after top-up" })
    const events = within(thread).getAllByRole("listitem")
    await expect(events).toHaveLength(5)
    await expect(events.map((e) => e.dataset.tone)).toEqual([
      "status",
      "customer",
      "support",
      "note",
      "status",
    ])
    const time = events[2]?.querySelector("time")
    await expect(time).toHaveAttribute("dateTime", "2026-03-02T09:31:00.000Z")
    await expect(time).toHaveTextContent("Mar 2, 2026, 9:31 AM")
    // Avatars next to a written name are decorative.
    await expect(canvas.queryAllByRole("img")).toHaveLength(0)
  },
}

/** Each tone once: customer message, support reply, internal note, status change. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: (args) => (
    <Timeline {...args}>
      {timelineTones.map((tone) => (
        <TimelineItem
          key={tone}
          tone={tone}
          author={tone === "support" ? "Sofia Lindqvist" : "Marek Nowak"}
          authorRole={tone === "status" ? undefined : tone}
          time="2026-03-02T10:00:00Z"
        >
          {tone === "status"
            ? "changed the priority to High"
            : `A ${tone} message: the task 7F2KR8 came back as unsolvable three times in a row.`}
        </TimelineItem>
      ))}
      <TimelineItem
        author={
          <a href="#worker-20931" className="underline">
            Worker #20931
          </a>
        }
        authorRole="Worker"
        timeText="Just now"
      >
        Is there a limit on how many captchas I can send per second with one API key?
      </TimelineItem>
      <TimelineItem tone="status">Ticket closed automatically after 7 days without a reply</TimelineItem>
    </Timeline>
  ),
  play: async ({ canvasElement }) => {
    const items = canvasElement.querySelectorAll<HTMLElement>('[data-slot="timeline-item"]')
    await expect(items).toHaveLength(timelineTones.length + 2)
    await expect(canvasElement.querySelectorAll('[data-slot="timeline-message"]')).toHaveLength(4)
    await expect(canvasElement.querySelectorAll("time")).toHaveLength(5)
  },
}

/** A reply from support: tinted bubble and a "Support" badge. */
export const SupportReply: Story = {
  render: (args) => (
    <Timeline {...args}>
      <TimelineItem tone="support" author="Sofia Lindqvist" authorRole="Support" time="2026-03-02T09:31:00Z">
        Your API key was rotated on 28 February. Copy the new one from Settings → API keys into your solver
        script.
      </TimelineItem>
    </Timeline>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Support").closest("[data-slot=badge]")).toHaveAttribute(
      "data-tone",
      "info",
    )
    await expect(canvasElement.querySelector('[data-slot="timeline-message"]')).toHaveClass("bg-info-soft")
  },
}

/** A status change is one line with an icon; a badge can name the new state. */
export const StatusChanges: Story = {
  render: (args) => (
    <Timeline {...args} aria-label="Task 7F2KR8 history">
      <TimelineItem tone="status" time="2026-03-02T09:00:02Z">
        Task created <Badge dot>Queued</Badge>
      </TimelineItem>
      <TimelineItem tone="status" icon={<UserIcon />} time="2026-03-02T09:00:05Z">
        Assigned to worker #20931{" "}
        <Badge tone="info" dot>
          Solving
        </Badge>
      </TimelineItem>
      <TimelineItem tone="status" icon={<CheckIcon />} time="2026-03-02T09:00:17Z" timeText="12 s later">
        Answer accepted <Badge tone="success">Solved</Badge>
      </TimelineItem>
    </Timeline>
  ),
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole("listitem")
    await expect(items).toHaveLength(3)
    await expect(items[2]).toHaveTextContent("Answer accepted Solved · 12 s later")
    await expect(items[2]?.querySelector("time")).toHaveAttribute("dateTime", "2026-03-02T09:00:17.000Z")
  },
}

/** The caller writes the time ("5 minutes ago"); `time` still gives the machine-readable date. */
export const RelativeTime: Story = {
  render: (args) => (
    <Timeline {...args}>
      <TimelineItem
        author="Amara Okafor"
        authorRole="Worker"
        avatar={
          <Avatar
            name="Amara Okafor"
            alt=""
            status={<StatusDot status="online" label="Online" hideLabel />}
          />
        }
        time="2026-03-02T09:55:00Z"
        timeText="5 minutes ago"
      >
        My payout to PayPal says “processing” since yesterday. Is something missing on my side?
      </TimelineItem>
    </Timeline>
  ),
  play: async ({ canvas }) => {
    const time = canvas.getByText("5 minutes ago")
    await expect(time.tagName).toBe("TIME")
    await expect(time).toHaveAttribute("dateTime", "2026-03-02T09:55:00.000Z")
    await expect(canvas.getByText("Online")).toHaveClass("sr-only")
  },
}

/** Long words (an API key, a URL) wrap inside the bubble instead of overflowing. */
export const LongContent: Story = {
  globals: { viewport: { value: "mobile" } },
  render: (args) => (
    <Timeline {...args}>
      <TimelineItem author="Marek Nowak" authorRole="Customer" time="2026-03-02T09:14:00Z">
        The request to
        https://api.manyhands.io/in.php?key=4f9a1c2e8b7d6a5f3e2c1b0a9f8e7d6c&method=userrecaptcha returns
        ERROR_WRONG_USER_KEY.
      </TimelineItem>
    </Timeline>
  ),
  play: async ({ canvasElement }) => {
    const bubble = canvasElement.querySelector<HTMLElement>('[data-slot="timeline-message"]')
    await expect(bubble?.scrollWidth).toBeLessThanOrEqual(bubble?.clientWidth ?? 0)
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: TicketThread.render,
  play: async ({ canvas, canvasElement }) => {
    await imagesLoaded(canvasElement)
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getAllByRole("listitem")).toHaveLength(5)
  },
}
