export { Modal, ModalClose, modalVariants, type ModalProps, type ModalSize } from "./modal"
