export { Faq, type FaqProps, type FaqSingleProps, type FaqMultipleProps, type FaqItem } from "./faq"
