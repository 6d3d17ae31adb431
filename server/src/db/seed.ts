import type { Database } from "./database"

const IMAGE_DEADLINE = 90
const TOKEN_DEADLINE = 300

const captchaTypes: [code: string, kind: "image" | "token"][] = [
  ["ImageToTextTask", "image"],
  ["TextCaptchaTask", "image"],
  ["GridTask", "image"],
  ["CoordinatesTask", "image"],
  ["RotateTask", "image"],
  ["BoundingBoxTask", "image"],
  ["DrawAroundTask", "image"],
  ["AudioTask", "image"],
  ["RecaptchaV2Task", "token"],
  ["RecaptchaV2EnterpriseTask", "token"],
  ["RecaptchaV3Task", "token"],
  ["TurnstileTask", "token"],
  ["GeeTestTask", "token"],
  ["FunCaptchaTask", "token"],
  ["AmazonTask", "token"],
  ["MtCaptchaTask", "token"],
  ["FriendlyCaptchaTask", "token"],
  ["CaptchaFoxTask", "token"],
]

/**
 * Fills a new database with the starting catalogue and demo data. Runs once per database: the
 * `demo_seeded_at` setting records it, so data an operator later edits or removes stays that way.
 * Returns whether it seeded now.
 */
export async function seed(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx.query(
      "INSERT INTO app_settings (key, value) VALUES ('demo_seeded_at', to_jsonb(now())) ON CONFLICT (key) DO NOTHING RETURNING key",
    )
    if (inserted.rows.length === 0) return false
    for (const [position, [code, kind]] of captchaTypes.entries()) {
      await tx.query(
        `INSERT INTO captcha_types (code, kind, deadline_seconds, position) VALUES ($1, $2, $3, $4)
         ON CONFLICT (code) DO NOTHING`,
        [code, kind, kind === "image" ? IMAGE_DEADLINE : TOKEN_DEADLINE, position],
      )
    }
    return true
  })
}
