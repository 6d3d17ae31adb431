export {
  ToastProvider,
  useToast,
  toastVariants,
  toastViewportVariants,
  type ToastProviderProps,
  type ToastOptions,
  type ToastAction,
  type ToastTone,
} from "./toast"
