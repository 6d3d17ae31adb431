export {
  Skeleton,
  SkeletonText,
  SkeletonGroup,
  skeletonVariants,
  type SkeletonProps,
  type SkeletonTextProps,
  type SkeletonGroupProps,
  type SkeletonShape,
} from "./skeleton"
