/** The two official worker programs: route slug → translation key and the lists each page iterates. */
export const workerPrograms = {
  "captcha-bot-rs": {
    key: "captchaBotRs",
    features: ["queue", "hotkeys", "window", "light", "stats", "types"],
    steps: ["train", "download", "install", "signIn", "start"],
    requirements: ["windows", "linux", "network", "account"],
    faq: ["free", "earnMore", "customKeys", "mac", "queueExpiry", "antivirus"],
  },
  "rucaptcha-bot": {
    key: "rucaptchaBot",
    features: ["earnings", "payouts", "training", "balance", "notices", "quiet"],
    steps: ["signIn", "connect", "start", "choose"],
    requirements: ["telegram", "account", "noInstall"],
    faq: ["solve", "safe", "payout", "accounts", "disconnect"],
  },
} as const

export type WorkerProgram = keyof typeof workerPrograms

export const workerProgramIds = Object.keys(workerPrograms) as WorkerProgram[]
