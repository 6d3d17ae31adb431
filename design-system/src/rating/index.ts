export { Rating, RatingInput, type RatingProps, type RatingInputProps, type RatingSize } from "./rating"
export { starFill } from "./stars"
