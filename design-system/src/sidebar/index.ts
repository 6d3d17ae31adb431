export {
  Sidebar,
  sidebarVariants,
  sidebarItemVariants,
  type SidebarProps,
  type SidebarItem,
  type SidebarSection,
} from "./sidebar"
