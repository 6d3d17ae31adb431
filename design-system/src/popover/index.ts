export {
  Popover,
  PopoverTrigger,
  PopoverAnchor,
  PopoverClose,
  PopoverContent,
  PopoverTitle,
  PopoverDescription,
  popoverContentVariants,
  type PopoverContentProps,
} from "./popover"
