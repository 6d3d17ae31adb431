export { Slider, sliderThumbVariants, type SliderProps } from "./slider"
