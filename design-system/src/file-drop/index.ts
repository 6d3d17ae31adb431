export { FileDrop, fileDropZoneVariants, type FileDropProps, type FileRejection } from "./file-drop"
export { checkFile, fileMatchesAccept, type FileRejectionReason } from "./accept"
