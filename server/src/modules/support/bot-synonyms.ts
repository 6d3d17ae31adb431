/*
 * The support bot's thesaurus: words people type for things our pages name otherwise ("withdraw" for payout,
 * "deposit" for top up, "login" for account). A question's words found here bring our words along into the
 * search (server/src/modules/support/bot.ts); the stemmer does the rest, so one form of each word is enough.
 */
const SYNONYMS: Record<string, Record<string, string>> = {
  en: {
    deposit: "top up",
    deposits: "top up",
    pay: "top up",
    fund: "top up",
    funds: "top up",
    recharge: "top up",
    refill: "top up",
    usdt: "cryptocurrency",
    bitcoin: "cryptocurrency",
    btc: "cryptocurrency",
    crypto: "cryptocurrency",
    withdraw: "payout",
    withdrawal: "payout",
    cashout: "payout",
    login: "account",
    username: "account",
    practice: "training",
    exam: "training",
    locked: "training suspended",
    salary: "earnings",
    wage: "earnings",
    income: "earnings",
    chargeback: "refund",
    ocr: "automation bot",
    script: "automation",
    macro: "automation",
    banned: "suspended",
    ban: "suspension",
    blocked: "suspended",
    webhook: "pingback",
    callback: "pingback",
    "2fa": "two-factor",
    statement: "receipt history",
    invoice: "receipt",
    cost: "price",
    charge: "price",
  },
  ru: {
    пополнить: "пополнение баланса",
    закинуть: "пополнение баланса",
    положить: "пополнение баланса",
    внести: "пополнение баланса",
    usdt: "криптовалюта",
    биткоин: "криптовалюта",
    крипта: "криптовалюта",
    вывести: "выплата",
    вывод: "выплата",
    снять: "выплата",
    логин: "аккаунт",
    тренировка: "обучение",
    практика: "обучение",
    экзамен: "обучение",
    зарплата: "заработок",
    бан: "приостановка",
    забанили: "приостановка",
    заблокировали: "приостановка",
    вебхук: "pingback",
    колбэк: "pingback",
    паспорт: "проверка личности",
    скрипт: "автоматизация",
    программа: "автоматизация",
    возврат: "вернуть деньги",
    стоимость: "цена",
  },
}

/** The question with our words for the words in it the thesaurus knows. */
export function expandQuestion(question: string, language: string): string {
  const words = SYNONYMS[language]
  if (!words) return question
  const added = new Set<string>()
  for (const word of question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const ours = words[word]
    if (ours) added.add(ours)
  }
  return added.size > 0 ? `${question} ${[...added].join(" ")}` : question
}
