export { CtaBand, ctaBandVariants, type CtaBandProps, type CtaBandTone } from "./cta-band"
