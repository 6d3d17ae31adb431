import * as ToastPrimitive from "@radix-ui/react-toast"
import { cva } from "class-variance-authority"
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react"
import { Button } from "../button/button"
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export type ToastTone = "info" | "success" | "warning" | "danger"

export interface ToastAction {
  /** The button's text ("Undo", "Top up"). */
  label: string
  onClick: () => void
  /**
   * How a screen-reader user can do the same without the toast (it may be gone before they reach it),
   * e.g. "Open Billing to top up". Defaults to `label`.
   */
  altText?: string
}

export interface ToastOptions {
  title: ReactNode
  description?: ReactNode
  /** Icon and colour; "danger" toasts are announced assertively. @default "info" */
  tone?: ToastTone
  /** One action button next to the text. */
  action?: ToastAction
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. Defaults to the provider's. */
  duration?: number
  /** Give an id to replace a toast that is still shown (e.g. one "Balance low" at a time). */
  id?: string
}

interface ToastItem extends ToastOptions {
  id: string
}

interface ToastContextValue {
  /** Shows a toast on top of the stack and returns its id. */
  toast: (options: ToastOptions) => string
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string) => void
}

const ToastContext = createContext<ToastContextValue | null>(null)

/** `const { toast } = useToast(); toast({ title: "Payout sent", tone: "success" })`. Needs a ToastProvider. */
export function useToast(): ToastContextValue {
  const context = useContext(ToastContext)
  if (!context) throw new Error("useToast() must be used inside <ToastProvider>.")
  return context
}

export const toastViewportVariants = /* @__PURE__ */ cva([
  // Portals append each new toast at the end of the list; reversed, the newest is shown on top.
  "fixed right-0 top-0 z-toast m-0 flex max-h-screen w-full list-none flex-col-reverse gap-3 p-4 outline-none",
  "sm:max-w-md",
])

export interface ToastProviderProps {
  /** Default time a toast stays, in milliseconds. @default 5000 */
  duration?: number
  /** Most toasts shown at once; the oldest is removed when a new one would exceed it. @default 4 */
  limit?: number
  /** The direction a toast can be swiped away on touch screens. @default "right" */
  swipeDirection?: "right" | "left" | "up" | "down"
  /** Keys that move focus to the toasts. @default ["F8"] */
  hotkey?: string[]
  /** Classes for the viewport (the fixed list in the top-right corner). */
  viewportClassName?: string
  children: ReactNode
}

/**
 * Holds the toast queue and renders it in the top-right corner: newest on top, each closing after its
 * duration. Hovering or
 * focusing the toasts pauses the timers; F8 moves focus to them. Screen readers hear each new toast
 * through Radix's live region. Put it once near the root of the app.
 */
export function ToastProvider({
  duration = 5000,
  limit = 4,
  swipeDirection = "right",
  hotkey = ["F8"],
  viewportClassName,
  children,
}: ToastProviderProps) {
  const { messages } = useMessages()
  const [items, setItems] = useState<ToastItem[]>([])
  const counter = useRef(0)

  const toast = useCallback(
    (options: ToastOptions) => {
      counter.current += 1
      const id = options.id ?? `toast-${counter.current}`
      setItems((current) => {
        const others = current.filter((item) => item.id !== id)
        return [...others, { ...options, id }].slice(-limit)
      })
      return id
    },
    [limit],
  )
  const dismiss = useCallback((id?: string) => {
    setItems((current) => (id === undefined ? [] : current.filter((item) => item.id !== id)))
  }, [])
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss])

  return (
    <ToastContext.Provider value={value}>
      <ToastPrimitive.Provider
        duration={duration}
        swipeDirection={swipeDirection}
        label={messages.notifications}
      >
        {children}
        {items.map((item) => (
          <Toast key={item.id} {...item} onDismiss={() => dismiss(item.id)} />
        ))}
        <ToastPrimitive.Viewport
          data-slot="toast-viewport"
          hotkey={hotkey}
          label={`${messages.notifications} ({hotkey})`}
          className={cn(toastViewportVariants(), viewportClassName)}
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  )
}

const toneIcons: Record<ToastTone, typeof InfoIcon> = {
  info: InfoIcon,
  success: SuccessIcon,
  warning: WarningIcon,
  danger: DangerIcon,
}

export const toastVariants = /* @__PURE__ */ cva(
  [
    "group relative flex w-full items-start gap-3 rounded-lg border border-border bg-surface py-3.5 pl-4 pr-12",
    "text-sm text-foreground shadow-popover focus-ring",
    // A strip in the tone's colour along the leading edge.
    "before:absolute before:inset-y-3 before:left-0 before:w-1 before:rounded-r-full",
    "motion-safe:data-[state=open]:animate-popover-in",
    "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0",
    "data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
  ],
  {
    variants: {
      tone: {
        info: "before:bg-primary [&_[data-slot=toast-icon]]:text-info-text",
        success: "before:bg-success [&_[data-slot=toast-icon]]:text-success-text",
        warning: "before:bg-warning [&_[data-slot=toast-icon]]:text-warning-text",
        danger: "before:bg-danger [&_[data-slot=toast-icon]]:text-danger-text",
      },
    },
    defaultVariants: { tone: "info" },
  },
)

interface ToastViewProps extends ToastItem {
  onDismiss: () => void
}

function Toast({ title, description, tone = "info", action, duration, onDismiss }: ToastViewProps) {
  const { messages } = useMessages()
  const Icon = toneIcons[tone]
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-tone={tone}
      // Problems interrupt (assertive); everything else waits for a pause (polite).
      type={tone === "danger" ? "foreground" : "background"}
      duration={duration}
      onOpenChange={(open) => {
        if (!open) onDismiss()
      }}
      className={toastVariants({ tone })}
    >
      <span data-slot="toast-icon" className="mt-px flex shrink-0">
        <Icon size={20} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <ToastPrimitive.Title data-slot="toast-title" className="font-semibold leading-snug">
          {title}
        </ToastPrimitive.Title>
        {description ? (
          <ToastPrimitive.Description
            data-slot="toast-description"
            className="leading-snug text-muted-foreground"
          >
            {description}
          </ToastPrimitive.Description>
        ) : null}
        {action ? (
          <ToastPrimitive.Action asChild altText={action.altText ?? action.label}>
            <Button variant="secondary" className="mt-2 h-8 self-start px-3" onClick={action.onClick}>
              {action.label}
            </Button>
          </ToastPrimitive.Action>
        ) : null}
      </div>
      <ToastPrimitive.Close
        data-slot="toast-close"
        aria-label={messages.dismiss}
        className={cn(
          "absolute right-2.5 top-2.5 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground",
          "hover:bg-surface-muted hover:text-foreground focus-ring",
        )}
      >
        <CloseIcon size={16} />
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  )
}
