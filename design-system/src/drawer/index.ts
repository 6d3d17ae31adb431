export {
  Drawer,
  DrawerClose,
  drawerVariants,
  type DrawerProps,
  type DrawerSide,
  type DrawerSize,
} from "./drawer"
