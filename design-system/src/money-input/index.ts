export { MoneyInput, moneyAffixVariants, type MoneyInputProps } from "./money-input"
export {
  parseMoney,
  formatMoneyForInput,
  currencyAffix,
  type MoneyParseResult,
  type MoneyParseOptions,
  type CurrencyAffix,
} from "./money"
