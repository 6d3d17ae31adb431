export { Banner, bannerVariants, type BannerProps } from "./banner"
export { noticeTones, noticeToneClasses, noticeToneIcons, type NoticeTone } from "./tones"
