export {
  Container,
  containerVariants,
  type ContainerProps,
  type ContainerSize,
  type ContainerPadding,
} from "./container"
