export {
  Avatar,
  avatarVariants,
  avatarSizes,
  type AvatarProps,
  type AvatarSize,
  type AvatarShape,
} from "./avatar"
export { getInitials, avatarColor, type AvatarColor } from "./initials"
