export { Modal, ModalClose, modalVariants, type ModalProps, type ModalSize } from "./modal"
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from "./dialog"
