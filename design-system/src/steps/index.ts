export { Steps, stepState, stepMarkerVariants, type StepsProps, type StepItem, type StepState } from "./steps"
