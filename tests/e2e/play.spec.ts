import { expect, solvingTest as test, type Page } from "./fixtures"
import { csrfToken, field, hydrated, linkFromMail, signIn } from "./helpers"

/*
 * The play-and-earn hub (issue 26) as one journey: a newcomer practises on the samples, becomes a worker, passes the
 * training of a type, earns XP from paid answers up to a level that gives a booster, starts it, makes a mistake a
 * customer reports, which ends the booster and takes the answer's XP back, and sees their league with their
 * neighbours around them.
 */

interface Sample {
  type: string
  answer: string
  imageUrl: string | null
}

/**
 * The customer sends the first sample picture as a new task (the test page's API) with instructions that name this
 * journey, so that its player tells its tasks from other tests' (the image tasks of every worker open to the type
 * share one queue); answers the task's id.
 */
async function sendPicture(customer: Page, picture: string, instructions: string): Promise<string> {
  const response = await customer.request.post("/api/v2/captcha/test", {
    headers: { "x-csrf-token": await csrfToken(customer) },
    data: { fields: { method: "base64", body: picture, textinstructions: instructions } },
  })
  expect(response.status(), await response.text()).toBe(200)
  const { taskId } = (await response.json()) as { taskId: string | null }
  expect(taskId).not.toBeNull()
  return taskId!
}

test("a newcomer practises, becomes a worker, trains, earns XP and a booster, loses it to a mistake and meets their league", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const email = `player-${Date.now().toString(36)}@example.com`

  // A new account without a type.
  await page.goto("/auth/register")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await field(page, "Password").fill("a long walk to the arcade")
  await page.getByRole("checkbox", { name: /terms of service/ }).check()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible()
  await page.goto(await linkFromMail(page, email, "/auth/check_key"))
  await expect(page).toHaveURL(/\/select-role/)

  // The spec's short address leads into the hub, where an account without a type practises on the samples.
  await page.goto("/play")
  await expect(page).toHaveURL(/\/play-and-earn\/play$/)
  await hydrated(page)
  const samples = (
    (await (await page.request.get("/api/v2/captcha/samples")).json()) as { samples: Sample[] }
  ).samples
  const [first, second] = samples.filter((sample) => sample.type === "ImageToTextTask")
  const practice = page.getByRole("form", { name: "Your answer to the sample" })
  await practice.getByRole("textbox", { name: "Answer" }).fill(first!.answer)
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { name: "Right!" })).toBeVisible()
  await expect(page.getByText(/^Practice earns no XP and no money: as a worker/)).toBeVisible()
  // The way on has the focus: Enter brings the next sample, whose field takes the focus.
  await page.keyboard.press("Enter")
  await expect(practice.getByRole("textbox", { name: "Answer" })).toBeFocused()
  await page.keyboard.type("zzzzz")
  await page.keyboard.press("Enter")
  await expect(page.getByRole("heading", { name: "Not quite" })).toBeVisible()
  await expect(page.getByText(second!.answer, { exact: true })).toBeVisible()

  // Becoming a worker: the game now asks for training first.
  await page.getByRole("button", { name: "Become a worker" }).click()
  await expect(page.getByRole("button", { name: "Start playing" })).toBeVisible()
  await expect(page.getByText(/No task type is open to you yet/)).toBeVisible()
  await page.getByRole("link", { name: "Go to training" }).click()
  await expect(page).toHaveURL(/\/play-and-earn\/training$/)
  await expect(page.getByText("Training earns XP, not money")).toBeVisible()

  // Training of the normal image captcha: each task's known answer (what a person reads in the picture), typed.
  let trainingTask: string | null = null
  page.on("response", async (response) => {
    if (response.url().includes("/api/v1/worker/training/claim") && response.status() === 200)
      trainingTask = ((await response.json()) as { assignmentId: string }).assignmentId
  })
  await page.getByRole("button", { name: "Start training: Normal image captcha" }).click()
  const passed = page.getByText("Well done — you passed the Normal image captcha training!")
  // "Answer 5 training tasks, at least 80% of them right": five right answers pass it.
  for (let task = 1; task <= 5; task++) {
    await expect.poll(() => trainingTask, { message: "a training task" }).not.toBeNull()
    const known = (await (await page.request.get(`/dev/assignments/${trainingTask}/answer`)).json()) as {
      text: string
    }
    trainingTask = null
    await page.getByRole("textbox", { name: "Answer" }).fill(known.text)
    await page.keyboard.press("Enter")
    await expect(page.getByRole("heading", { name: "Right!" })).toBeVisible()
    if (task < 5) await page.getByRole("button", { name: "Next task" }).click()
  }
  await expect(passed).toBeVisible()

  // Paid work in the game: a customer sends pictures, each answer earns its XP (10 base × quality 0.5).
  const customer = await (await browser.newContext()).newPage()
  await signIn(customer, "customer@demo.manyhands.dev")
  const picture = (await (await customer.request.get(first!.imageUrl!)).body()).toString("base64")
  await page.goto("/play-and-earn/play")
  await hydrated(page)
  await page.getByRole("button", { name: "Start playing" }).click()
  const award = page.getByRole("region", { name: "Last answer" })
  let answered = 0
  const sent: string[] = []
  const solved = new Set<string>()
  /** The customer's tasks solved since the last call (this worker answered them). */
  const newlySolved = async () => {
    const found: string[] = []
    for (const id of sent.filter((task) => !solved.has(task))) {
      const progress = (await (await customer.request.get(`/api/v2/captcha/test/${id}`)).json()) as {
        stage: string
      }
      if (progress.stage === "solved") found.push(id)
    }
    for (const id of found) solved.add(id)
    return found
  }
  // The game's offers: a customer's task, or now and then a check task with a known answer (read like the picture).
  const instructions = `Type the letters (${email})`
  // The task on screen is known by its panel: its assignment id, and the customer's instructions shown with it (a
  // claim sent with an answer, or before Stop playing, may come back at any time, so responses say little).
  const panel = page.getByTestId("task-panel")
  /**
   * One answer in the game, right; answers the customer's task it solved (null for a check task). Another test's
   * task that comes first is skipped (Escape), as a player may; a task of this journey that another test's waiting
   * worker took first is sent again.
   */
  const answerOne = async (): Promise<string | null> => {
    const input = page.getByRole("textbox", { name: "Answer" })
    const ready = async () => (await input.count()) > 0 && (await input.isEditable())
    for (let skipped = 0; ; skipped++) {
      expect(skipped, "offers of other tests skipped").toBeLessThan(5)
      for (let tries = 0; tries < 3 && !(await ready()); tries++) {
        sent.push(await sendPicture(customer, picture, instructions))
        await input.waitFor({ state: "visible", timeout: 15_000 }).catch(() => {})
      }
      await expect(input).toBeEditable()
      const assignmentId = (await panel.getAttribute("data-assignment-id"))!
      const check = await page.request.get(`/dev/assignments/${assignmentId}/answer`)
      if (!check.ok() && (await panel.getByText(instructions, { exact: true }).count()) === 0) {
        await page.keyboard.press("Escape")
        await expect(page.locator(`[data-assignment-id="${assignmentId}"]`)).toHaveCount(0)
        continue
      }
      await newlySolved() // what others solved meanwhile is not this answer's
      await input.fill(check.ok() ? ((await check.json()) as { text: string }).text : first!.answer)
      await page.keyboard.press("Enter")
      answered += 1
      await expect(page.getByText(new RegExp(`^\\d+ from ${answered} answers?$`))).toBeVisible()
      await expect(award).toContainText(/\+[1-9]\d* XP/)
      if (check.ok()) return null
      let mine: string[] = []
      await expect.poll(async () => (mine = await newlySolved()).length).toBe(1)
      return mine[0]!
    }
  }
  // Training's right answers brought 5 XP each; answers add about 5 each up to 50 XP, level 2, which gives a booster.
  const levelUp = page.getByText("Level 2 reached!", { exact: true })
  for (let answers = 0; answers < 8 && !(await levelUp.isVisible()); answers++) await answerOne()
  await expect(levelUp).toBeVisible()
  await page.getByRole("button", { name: "Stop playing" }).click()

  // The booster: started on the rewards page, it adds 10 % to the next paid answer.
  await page.getByRole("link", { name: "Claim it" }).click()
  await expect(page).toHaveURL(/\/play-and-earn\/rewards$/)
  await page.getByRole("button", { name: /^Start booster/ }).click()
  await expect(page.getByText("Booster started: +10% pay")).toBeVisible()
  await page.getByRole("link", { name: "Play", exact: true }).click()
  await page.getByRole("button", { name: "Start playing" }).click()
  answered = 0 // the page was opened again: its count starts anew
  let boosted: string | null = null
  for (let answers = 0; answers < 4 && !boosted; answers++) boosted = await answerOne()
  expect(boosted, "a customer's task answered with the booster").not.toBeNull()
  await expect(award.getByText(/Booster bonus for this answer: \+\$0\.0000[1-9]/)).toBeVisible()
  await page.getByRole("button", { name: "Stop playing" }).click()

  // The customer reports that answer wrong: a confirmed mistake ends the booster, and its XP goes back.
  const report = await customer.request.post(`/api/v2/captcha/tasks/${boosted}/report`, {
    headers: { "x-csrf-token": await csrfToken(customer) },
    data: { verdict: "bad" },
  })
  expect(report.status(), await report.text()).toBeLessThan(300)
  await page.goto("/play-and-earn/rewards")
  await hydrated(page)
  await expect(page.getByText("Ended by a mistake")).toBeVisible()
  await page.goto("/play-and-earn")
  await hydrated(page)
  await expect(page.getByText("No booster running")).toBeVisible()
  await expect(
    page.getByText(/The answer was later judged wrong: the \d+ XP it earned were taken back/).first(),
  ).toBeVisible()

  // The league: eight players ahead of them this week, so the board shows its top five, a gap, and the player
  // with their neighbours.
  const rivals = await page.request.post("/dev/play/rivals", {
    headers: { "x-csrf-token": await csrfToken(page) },
    data: { xp: [900, 800, 700, 600, 500, 400, 300, 200] },
  })
  expect(rivals.status()).toBe(200)
  await page.goto("/leaderboard")
  await expect(page).toHaveURL(/\/play-and-earn\/leaderboard$/)
  await hydrated(page)
  const board = page.getByRole("table")
  await expect(board.getByRole("row").filter({ hasText: "You" })).toBeVisible()
  await expect(board.getByText(/^Ranks 6 to \d+ are not shown\.$/)).toBeVisible()
  const rows = await board.getByRole("row").allInnerTexts()
  const mine = rows.findIndex((row) => row.includes("You"))
  // Someone ranks right above the player (a neighbour), and the top five come first.
  expect(mine).toBeGreaterThan(6)
  expect(rows[mine - 1]).toMatch(/Rival \d+/)
  expect(rows.slice(1, 6).every((row) => /Rival \d+|Player #|\S/.test(row))).toBe(true)
})
