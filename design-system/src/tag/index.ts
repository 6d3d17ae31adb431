export {
  Tag,
  SelectableTag,
  TagList,
  tagVariants,
  selectableTagVariants,
  type TagProps,
  type SelectableTagProps,
  type TagListProps,
  type TagTone,
  type TagSize,
} from "./tag"
