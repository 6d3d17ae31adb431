export { Hero, heroVariants, type HeroProps, type HeroLayout, type HeroTone } from "./hero"
