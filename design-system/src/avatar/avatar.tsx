import { cva } from "class-variance-authority"
import { useCallback, useState, type ComponentProps, type ReactNode } from "react"
import { cn } from "../lib/cn"
import { avatarColor, getInitials, type AvatarColor } from "./initials"

export type AvatarSize = "xs" | "sm" | "md" | "lg" | "xl"
export type AvatarShape = "circle" | "square"

export const avatarSizes: AvatarSize[] = ["xs", "sm", "md", "lg", "xl"]

export const avatarVariants = /* @__PURE__ */ cva(
  "relative inline-flex shrink-0 select-none items-center justify-center overflow-hidden align-middle font-semibold",
  {
    variants: {
      size: {
        xs: "size-6 text-[0.625rem]",
        sm: "size-8 text-xs",
        md: "size-10 text-sm",
        lg: "size-12 text-base",
        xl: "size-16 text-xl",
      },
      shape: { circle: "rounded-full", square: "rounded-md" },
    },
    defaultVariants: { size: "md", shape: "circle" },
  },
)

const fallbackColors: Record<AvatarColor, string> = {
  info: "bg-info-soft text-info-text",
  success: "bg-success-soft text-success-text",
  warning: "bg-warning-soft text-warning-text",
  promo: "bg-promo-soft text-promo-text",
  neutral: "bg-surface-muted text-muted-foreground",
}

/** Where the status slot sits and how much room the ring around it takes, per size. */
const statusSlot: Record<AvatarSize, string> = {
  xs: "-bottom-0.5 -end-0.5 p-px",
  sm: "-bottom-0.5 -end-0.5 p-0.5",
  md: "-bottom-0.5 -end-0.5 p-0.5",
  lg: "bottom-0 end-0 p-0.5",
  xl: "bottom-0.5 end-0.5 p-[3px]",
}

export interface AvatarProps extends Omit<ComponentProps<"span">, "children"> {
  /** The person or team shown; gives the initials of the fallback and the default alternative text. */
  name: string
  /** Photo URL. Without one, or when it fails to load, the initials are shown. */
  src?: string
  /**
   * Alternative text of the picture. @default name
   * Pass "" when the name is written next to the avatar, so screen readers do not read it twice.
   */
  alt?: string
  /** @default "md" */
  size?: AvatarSize
  /** Round for people, square for teams and apps. @default "circle" */
  shape?: AvatarShape
  /** A corner badge, usually `<StatusDot hideLabel status="online" label="Online" />`. */
  status?: ReactNode
}

/** A person's photo, or their initials on a colour taken from their name. */
export function Avatar({
  name,
  src,
  alt,
  size = "md",
  shape = "circle",
  status,
  className,
  ...props
}: AvatarProps) {
  // The URL that failed, so a new `src` is tried again.
  const [failedSrc, setFailedSrc] = useState<string>()
  const showImage = Boolean(src) && failedSrc !== src
  // An image that failed before hydration fires no error event: check it once per URL, when it mounts.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0) setFailedSrc(src)
    },
    [src],
  )
  const text = alt ?? name
  const initials = getInitials(name)
  return (
    <span
      data-slot="avatar"
      data-size={size}
      data-shape={shape}
      data-state={showImage ? "image" : "fallback"}
      className={cn("relative inline-flex shrink-0 align-middle", className)}
      {...props}
    >
      {showImage ? (
        <img
          src={src}
          alt={text}
          ref={checkLoaded}
          onError={() => setFailedSrc(src)}
          className={cn(avatarVariants({ size, shape }), "bg-surface-muted object-cover")}
        />
      ) : (
        <span
          data-slot="avatar-fallback"
          role={text ? "img" : undefined}
          aria-label={text || undefined}
          aria-hidden={text ? undefined : true}
          className={cn(avatarVariants({ size, shape }), fallbackColors[avatarColor(name)])}
        >
          <span aria-hidden="true">{initials}</span>
        </span>
      )}
      {status ? (
        <span
          data-slot="avatar-status"
          className={cn("absolute flex rounded-full bg-surface leading-none", statusSlot[size])}
        >
          {status}
        </span>
      ) : null}
    </span>
  )
}
