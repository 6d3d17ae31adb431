export { Sidebar, type SidebarProps } from "./sidebar"
export {
  SidebarNav,
  StaticSidebar,
  sidebarVariants,
  sidebarItemVariants,
  type SidebarNavProps,
  type StaticSidebarProps,
  type SidebarItem,
  type SidebarSection,
} from "./sidebar-nav"
