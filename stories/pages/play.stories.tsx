import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { customerApi } from "@manyhands/contract/captcha"
import { playApi, type PracticeAnswer } from "@manyhands/contract/play"
import type { AnswerOutcome, XpAward } from "@manyhands/contract/worker"
import { screens } from "@manyhands/pages/play/screens"
import { offers, workerApi, workerUser } from "./cabinet-fixtures"
import {
  NOW,
  allTimeBoard,
  claimedBonus,
  customerUser,
  emptyRewards,
  flaggedBoard,
  newcomerSummary,
  newcomerUser,
  playFaq,
  samples,
  weekBoard,
  workerProfile,
  workerRewards,
  workerSummary,
  workerTraining,
} from "./play-fixtures"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal } from "./story-shell"

/*
 * The play-and-earn hub (pages/src/play): the overview of a worker in the middle of a week and of a newcomer who
 * becomes a worker; the game after two answers (a new level, the hourly cap, a booster's bonus) and practice on
 * the samples for a customer's account; the cabinet's training under the hub's tabs; rewards claimed (a bonus
 * paid, a booster refused while another runs) and none yet; the week's league, the all-time board fetched on
 * switching, and a viewer kept off the board; the profile; the FAQ.
 */

const [
  { default: Hub },
  { default: Game },
  { default: Training },
  { default: RewardsScreen },
  { default: Board },
  { default: Profile },
  { default: Faq },
] = await Promise.all([
  screens.PlayHub(),
  screens.PlayGame(),
  screens.PlayTraining(),
  screens.PlayRewards(),
  screens.PlayLeaderboard(),
  screens.PlayProfile(),
  screens.PlayFaq(),
])

const meta = {
  title: "Screens/Play and Earn",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
  // Countdowns and "in 30 min" stand still at the stories' clock; no answer is left over from another story.
  beforeEach: () => {
    // Replaced by hand: a Storybook spy would be recorded, and the recording asks the clock again.
    const realNow = Date.now
    Date.now = () => NOW
    sessionStorage.removeItem("manyhands:cabinet:kept-answers")
    return () => {
      Date.now = realNow
    }
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>
type Canvas = ReturnType<typeof within>

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

const tabs = (canvas: Canvas) => within(canvas.getByRole("navigation", { name: "Play and Earn pages" }))

/* ─────────────────────────────── the overview ─────────────────────────────── */

/**
 * A worker at level 6 on a Wednesday: the XP towards level 7 and what it gives, the hour's XP against the cap, 14th
 * of 30 in the gold league, a 12-day streak with today still open, a booster running, two rewards to claim, and
 * the last XP changes each explained (a capped answer, a wrong check, XP taken back).
 */
export const HubWorker: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Hub playSummary={workerSummary} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Play and Earn")
    await expect(tabs(canvas).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page")
    await expect(tabs(canvas).getByRole("link", { name: "Rewards 2 rewards to claim" })).toHaveAttribute(
      "href",
      "/play-and-earn/rewards",
    )
    await step("the level, and what the next one gives", async () => {
      await expect(canvas.getByRole("heading", { name: "Level 6" })).toBeVisible()
      await expect(canvas.getByRole("progressbar", { name: "XP towards level 7" })).toHaveAttribute(
        "aria-valuetext",
        "1,420 of 1,800 XP",
      )
      await expect(canvas.getByText("380 XP more to level 7, which gives a bonus of $0.35.")).toBeVisible()
    })
    await step("the hour, the week and the streak", async () => {
      await expect(canvas.getByRole("group", { name: "XP this hour" })).toHaveTextContent("420 of 600")
      await expect(canvas.getByRole("group", { name: "This week's league" })).toHaveTextContent(
        "#14 of 30Gold league · 1,240 XP this week",
      )
      await expect(canvas.getByRole("progressbar", { name: "Accurate answers today" })).toHaveAttribute(
        "aria-valuetext",
        "14 of 20",
      )
      await expect(canvas.getByText("6 more accurate answers today keep your streak going.")).toBeVisible()
    })
    await step("the running booster, its rule and its time left", async () => {
      const booster = within(canvas.getByRole("region", { name: "Booster: +10% pay" }))
      await expect(booster.getByText("Running")).toBeVisible()
      await expect(booster.getByText("Mar 4, 2026, 10:45 AM (in 30 min)")).toBeVisible()
      await expect(
        booster.getByText(
          "It holds while your accuracy stays at 90% or more, and ends at your first confirmed mistake.",
        ),
      ).toBeVisible()
    })
    await step("why the XP changed", async () => {
      const changes = within(canvas.getByRole("region", { name: "Why your XP changed" }))
      await expect(changes.getAllByRole("row")).toHaveLength(8)
      await expect(
        changes.getByText("15 base × 0.78 quality = 12. The hourly cap left 5 of it."),
      ).toBeVisible()
      await expect(
        changes.getByText("The answer was later judged wrong: the 9 XP it earned were taken back."),
      ).toBeVisible()
      await expect(changes.getByText("-9 XP")).toBeVisible()
      await expect(changes.getByText("Not right, so it earned no XP.")).toBeVisible()
    })
    await expect(canvas.getByRole("link", { name: "Claim rewards" })).toHaveAttribute(
      "href",
      "/play-and-earn/rewards",
    )
  },
}

const chooseType = fn(async (_type: string) => {})
const goTo = fn()

/**
 * Someone without an account type: the invitation (practise, become a worker and train, earn), and Become a
 * worker stores the type and loads the worker's game.
 */
export const HubNewcomer: Story = {
  render: () => (
    <Shell services={{ user: newcomerUser, accountType: null, chooseAccountType: chooseType, goTo }}>
      <Hub playSummary={newcomerSummary} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Practise first, then earn as a worker" })).toBeVisible()
    await expect(canvas.queryByRole("heading", { name: "Level 1" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Practise with samples" })).toHaveAttribute(
      "href",
      "/play-and-earn/play",
    )
    const become = canvas.getByRole("button", { name: "Become a worker" })
    await expect(become).toHaveAccessibleDescription(
      "Your account becomes a worker account. An account's type is chosen once.",
    )
    await userEvent.click(become)
    await waitFor(() => expect(goTo).toHaveBeenCalledWith("/play-and-earn/play"))
    await expect(chooseType).toHaveBeenCalledWith("worker")
  },
}

/* ─────────────────────────────── the game ─────────────────────────────── */

const award = (xp: Partial<XpAward>): AnswerOutcome => ({
  accepted: true,
  earned: 1_450,
  currency: "USD",
  xp: { xp: 9, worth: 9, capped: false, total: 1_804, level: 7, levelUp: false, hour: 594, bonus: 0, ...xp },
})

/** The level-up answer, then one the hourly cap cut, with the booster's bonus. */
const outcomes: Record<string, AnswerOutcome> = {
  "80000413200": award({ xp: 9, total: 1_804, level: 7, levelUp: true, bonus: 145 }),
  "80000413201": award({ xp: 6, worth: 9, capped: true, total: 1_810, level: 7, hour: 600, bonus: 145 }),
}
const answered = fn((_body: unknown, id: string) => outcomes[id])

/**
 * A worker plays: the first answer reaches level 7 (its reward waits on the rewards page), the second reaches the
 * hourly cap, which leaves 6 of its 9 XP; each paid a booster bonus. The third task is on screen.
 */
export const GameWorker: Story = {
  render: () => (
    <Shell
      services={{ user: workerUser }}
      api={workerApi({
        queue: [
          offers.imageToText("80000413200"),
          offers.imageToText("80000413201"),
          offers.textQuestion("80000413202"),
        ],
        answer: (body, id) => answered(body, id),
      })}
    >
      <Game playSummary={{ ...workerSummary, xp: 1_795, hourXp: 585 }} training={workerTraining} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Play")
    await expect(tabs(canvas).getByRole("link", { name: "Play" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByText("Your answers' XP shows here", { exact: false })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Start playing" }))
    await step("a new level: +9 XP, the reward waits, the booster paid a bonus", async () => {
      await waitFor(() =>
        expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000413200"),
      )
      await waitFor(() => expect(canvas.getByLabelText("Answer")).toHaveFocus())
      await userEvent.keyboard("k7m4x{Enter}")
      await waitFor(() => expect(canvas.getByTestId("xp-award")).toHaveTextContent("+9 XP"))
      await expect(answered).toHaveBeenCalledWith({ solution: { text: "k7m4x" } }, "80000413200")
      await expect(canvas.getByText("Level 7 reached!")).toBeVisible()
      await expect(canvas.getByRole("link", { name: "Claim it" })).toHaveAttribute(
        "href",
        "/play-and-earn/rewards",
      )
      await expect(canvas.getByText("Booster bonus for this answer: +$0.000145")).toBeVisible()
      await expect(tabs(canvas).getByRole("link", { name: "Rewards 3 rewards to claim" })).toBeVisible()
    })
    await step("the hourly cap leaves 6 of 9 XP", async () => {
      await waitFor(() =>
        expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000413201"),
      )
      await waitFor(() => expect(canvas.getByLabelText("Answer")).toHaveFocus())
      await userEvent.keyboard("w7mk4{Enter}")
      await waitFor(() => expect(canvas.getByTestId("xp-award")).toHaveTextContent("+6 XP"))
      await expect(canvas.getByText("Worth 9 XP; the hourly cap left 6.")).toBeVisible()
      const score = within(canvas.getByRole("region", { name: "Your score" }))
      await expect(score.getByText("15 from 2 answers")).toBeVisible()
      await expect(score.getByText("600 of 600")).toBeVisible()
      await expect(score.getByRole("progressbar", { name: "XP towards level 8" })).toHaveAttribute(
        "aria-valuetext",
        "1,810 of 2,450 XP",
      )
    })
    await waitFor(() =>
      expect(canvas.getByTestId("task-panel")).toHaveAttribute("data-assignment-id", "80000413202"),
    )
    await waitFor(() => expect(canvas.getByLabelText("Answer")).toHaveFocus())
    atTop()
  },
}

const practised = fn((body: unknown) => {
  const { sample, solution } = body as PracticeAnswer & { solution: { text?: string } }
  const expected = samples.samples[sample]!.answer
  return { correct: solution.text === expected, expected: { text: expected } }
})

/**
 * A customer's account practises: a wrong answer shows the right one, Enter goes on to the next sample, a right
 * answer counts; the question sample waits with its input focused. The account cannot become a worker's.
 */
export const GamePractice: Story = {
  render: () => (
    <Shell
      services={{ user: customerUser }}
      api={{ [on(customerApi.samples)]: samples, [on(playApi.practice)]: (body: unknown) => practised(body) }}
    >
      <Game playSummary={newcomerSummary} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Practise")
    await expect(await canvas.findByText("Sample 1 of 3")).toBeVisible()
    await step("a wrong answer: the right one is shown, and the way on takes the focus", async () => {
      await userEvent.type(canvas.getByLabelText("Answer"), "w7mk{Enter}")
      await expect(await canvas.findByRole("heading", { name: "Not quite" })).toBeVisible()
      await expect(practised).toHaveBeenCalledWith({ sample: 0, solution: { text: "w7mk" } })
      await expect(canvas.getByText("w7mk4")).toBeVisible()
      await waitFor(() => expect(canvas.getByRole("button", { name: "Next sample" })).toHaveFocus())
    })
    await step("Enter: the next sample, with its rules; a right answer", async () => {
      await userEvent.keyboard("{Enter}")
      await waitFor(() => expect(canvas.getByLabelText("Answer")).toHaveFocus())
      await expect(canvas.getByText("Case sensitive")).toBeVisible()
      await userEvent.keyboard("Hd3Ry{Enter}")
      await expect(await canvas.findByRole("heading", { name: "Right!" })).toBeVisible()
      await expect(canvas.getByText("Sample 2 of 3 · Right so far: 1 of 2")).toBeVisible()
    })
    await userEvent.keyboard("{Enter}")
    await expect(await canvas.findByText("Which number is bigger: 12 or 21?")).toBeVisible()
    await waitFor(() => expect(canvas.getByLabelText("Answer")).toHaveFocus())
    await expect(canvas.getByText("XP and rewards are for worker accounts")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Become a worker" })).toBeNull()
    atTop()
  },
}

/* ─────────────────────────────── training ─────────────────────────────── */

/** The cabinet's own training screen under the hub's tabs, with what training earns here. */
export const TrainingInTheHub: Story = {
  name: "Training",
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Training training={workerTraining} playSummary={workerSummary} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(tabs(canvas).getByRole("link", { name: "Training" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByText("Training earns XP, not money")).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Training")
    await expect(canvas.getByRole("button", { name: "Start training: Grid (pick the tiles)" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Open the cabinet" })).toHaveAttribute("href", "/cabinet")
  },
}

/* ─────────────────────────────── rewards ─────────────────────────────── */

const claimBonus = fn(() => claimedBonus)
const claimBooster = fn(() => {
  throw refusal("A booster is already running.", "BOOSTER_ACTIVE", 409)
})

/**
 * Two rewards to claim, a booster running, three that ended (a mistake, their time, accuracy) and three claimed:
 * the bonus is claimed and paid; the booster is refused while the other one runs.
 */
export const RewardsClaim: Story = {
  render: () => (
    <Shell
      services={{ user: workerUser }}
      api={{
        [on(playApi.claim, { id: "r-57" })]: () => claimBonus(),
        [on(playApi.claim, { id: "r-61" })]: () => claimBooster(),
      }}
    >
      <RewardsScreen playRewards={workerRewards} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { name: "2 rewards to claim" })).toBeVisible()
    await step("the running booster and the ended ones, each with why", async () => {
      await expect(canvas.getByRole("region", { name: "Booster: +10% pay" })).toBeVisible()
      const ended = within(canvas.getByRole("region", { name: "Earlier boosters" }))
      await expect(ended.getByText("Ended by a mistake")).toBeVisible()
      await expect(ended.getByText("Time ran out")).toBeVisible()
      await expect(ended.getByText("Ended: accuracy fell")).toBeVisible()
      await expect(
        canvas.getByText("A booster is running until Mar 4, 2026, 10:45 AM: claim this one after it ends."),
      ).toBeVisible()
    })
    await step("the bonus is claimed: paid to the earnings", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Claim bonus: Level 5 reward" }))
      const paid = await canvas.findByText("$0.25 was added to your earnings.")
      await expect(claimBonus).toHaveBeenCalledTimes(1)
      await expect(paid.closest('[data-slot="alert"]')).toHaveTextContent(/^Bonus paid/)
      // The claimed card left the list: the focus is on what the claim did.
      await waitFor(() => expect(paid.closest('[tabindex="-1"]')).toHaveFocus())
      await expect(canvas.getByRole("heading", { name: "1 reward to claim" })).toBeVisible()
      const claimed = within(canvas.getByRole("region", { name: "Claimed rewards" }))
      await expect(claimed.getByRole("rowheader", { name: "Level 5 reward" })).toBeVisible()
    })
    await step("the booster is refused while another runs", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Start booster: Level 6 reward" }))
      await expect(await canvas.findByText("Another booster is running")).toBeVisible()
      await expect(claimBooster).toHaveBeenCalledTimes(1)
      await expect(
        canvas.getByText(
          "Only one booster runs at a time. Claim this one after the running booster ends at Mar 4, 2026, 10:45 AM.",
        ),
      ).toBeVisible()
      await expect(canvas.getByRole("button", { name: "Start booster: Level 6 reward" })).toBeVisible()
    })
    atTop()
  },
}

/** A worker at level 1: nothing to claim, no booster, nothing claimed; what level 2 gives. */
export const RewardsEmpty: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <RewardsScreen playRewards={emptyRewards} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Nothing to claim right now")).toBeVisible()
    await expect(canvas.getByText("Level 2 brings your next reward.")).toBeVisible()
    await expect(
      canvas.getByText(
        "It begins at 50 XP and gives a booster: +10% pay for 1 hr while your accuracy holds.",
      ),
    ).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Rewards to claim" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "No booster running" })).toBeVisible()
    // Nothing ended or claimed yet: no empty tables for them.
    await expect(canvas.queryByRole("region", { name: "Earlier boosters" })).toBeNull()
    await expect(canvas.queryByRole("region", { name: "Claimed rewards" })).toBeNull()
  },
}

/* ─────────────────────────────── the leaderboard ─────────────────────────────── */

/**
 * The gold league of the week: the top 5, a gap, the viewer 14th with two players each side; each row's zone in
 * words; the promotion rule with the viewer three check answers short.
 */
export const LeaderboardWeek: Story = {
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Board playBoard={weekBoard} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("tab", { name: "This week's league" })).toHaveAttribute(
      "aria-selected",
      "true",
    )
    const table = within(canvas.getByRole("table", { name: "Gold league, week of Mar 2, 2026 · 30 players" }))
    await step("the top, a gap, the viewer's neighbours", async () => {
      await expect(table.getAllByRole("row")).toHaveLength(12)
      await expect(table.getByText("Ranks 6 to 11 are not shown.")).toBeInTheDocument()
      const me = table.getByRole("row", { current: true })
      await expect(me).toHaveTextContent("14OlehYou1,24092%Stays")
      await expect(table.getAllByText("Moves up")).toHaveLength(5)
    })
    await step("the promotion rule and where the viewer stands", async () => {
      await expect(
        canvas.getByText(
          "At the week's end the top 10 move up to the Sapphire league, if their accuracy on check tasks this week is 90% or more over at least 10 check answers.",
        ),
      ).toBeVisible()
      await expect(
        canvas.getByText("From rank 26 down, players move down to the Silver league."),
      ).toBeVisible()
      await expect(
        canvas.getByText(/7 check answers this week\. Accuracy 92%\. 3 more check answers are needed/),
      ).toBeVisible()
    })
  },
}

const allTime = fn(() => allTimeBoard)

/** Switching to All time fetches the all-time board: the viewer 89th of 1,204, no zones (leagues are weekly). */
export const LeaderboardAllTime: Story = {
  render: () => (
    <Shell
      services={{ user: workerUser }}
      api={{ [on(playApi.leaderboard, {}, { scope: "all" })]: () => allTime() }}
    >
      <Board playBoard={weekBoard} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(allTime).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByRole("tab", { name: "All time" }))
    const table = within(await canvas.findByRole("table", { name: "All players, all time · 1,204 players" }))
    await expect(allTime).toHaveBeenCalledTimes(1)
    await expect(table.getByRole("row", { current: true })).toHaveTextContent("89OlehYou14,02092%")
    await expect(table.queryByText("Stays")).toBeNull()
    await expect(canvas.queryByRole("heading", { name: "Who moves up and down" })).toBeNull()
    await expect(canvas.getByRole("tab", { name: "All time" })).toHaveFocus()
  },
}

/**
 * On a phone: a viewer kept off the silver league's board — why, sign by sign, and where the way back is
 * explained; the tabs and the board fit the width.
 */
export const LeaderboardFlagged: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Board playBoard={flaggedBoard} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("You are off the board this week")).toBeVisible()
    await expect(
      canvas.getByText("Many answers came faster than nearly anyone solves tasks of their type."),
    ).toBeVisible()
    await expect(
      canvas.getByText("You skipped many tasks in a row, which looks like picking only easy ones."),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "How fair play is checked" })).toHaveAttribute(
      "href",
      "/support/faq/fair-play",
    )
    await expect(canvas.queryByRole("row", { current: true })).toBeNull()
  },
}

/* ─────────────────────────────── profile and FAQ ─────────────────────────────── */

/** Skill per type in every state, the last six leagues, streak, earnings and the badges earned and not yet. */
export const ProfilePage: Story = {
  name: "Profile",
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Profile playProfile={workerProfile} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Oleh")
    const skills = within(canvas.getByRole("region", { name: "Skill per task type" }))
    await expect(skills.getAllByRole("row")).toHaveLength(9)
    await expect(skills.getByText("Suspended")).toBeVisible()
    await expect(skills.getByText("Not trained")).toBeVisible()
    const earnings = within(canvas.getByRole("region", { name: "Earnings" }))
    await expect(earnings.getByText("$18.85")).toBeVisible()
    await expect(earnings.getByText("$0.614")).toBeVisible()
    const badges = within(canvas.getByRole("region", { name: "Badges" }))
    await expect(badges.getByText("4 of 6 earned")).toBeVisible()
    await expect(badges.getAllByText("Not yet")).toHaveLength(2)
    const leagues = within(canvas.getByRole("region", { name: "Your leagues" }))
    await expect(leagues.getByText("This week")).toBeVisible()
    await expect(leagues.getByText("Moved down")).toBeVisible()
  },
}

/** The hub's FAQ answers, each leading to its page; the rules in numbers; the worker FAQ. */
export const FaqPage: Story = {
  name: "FAQ",
  render: () => (
    <Shell services={{ user: workerUser }}>
      <Faq faqPlay={playFaq} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "5 answers" })).toBeVisible()
    await expect(
      canvas.getByRole("link", { name: /^How is XP counted, and why did my XP change\?/ }),
    ).toHaveAttribute("href", "/support/faq/how-xp-works")
    await expect(canvas.getByRole("link", { name: "Worker FAQ" })).toHaveAttribute(
      "href",
      "/support/faq/worker",
    )
    const rules = within(canvas.getByRole("region", { name: "The rules in numbers" }))
    await expect(rules.getByRole("row", { name: "Draw around an object 25" })).toBeVisible()
    await expect(
      rules.getByText("600 XP per clock hour; answers past it are paid but earn no XP."),
    ).toBeVisible()
  },
}
