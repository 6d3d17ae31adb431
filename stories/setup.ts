// Fonts come from npm, never from a remote URL, so screenshots are the same on every machine.
import "@fontsource-variable/inter/wght.css"
import "@fontsource/jetbrains-mono/latin-400.css"
import "./storybook.css"
