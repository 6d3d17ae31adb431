export {
  ProgressBar,
  ProgressRing,
  ProgressSteps,
  progressBarVariants,
  type ProgressBarProps,
  type ProgressRingProps,
  type ProgressStepsProps,
  type ProgressStepsOrientation,
  type ProgressTone,
  type ProgressSize,
} from "./progress"
export { progressFraction } from "./fraction"
