import * as a11yAddonAnnotations from "@storybook/addon-a11y/preview"
import { setProjectAnnotations } from "@storybook/react-vite"
import * as projectAnnotations from "./preview"

// Screenshots must not catch an animation or a blinking caret half-way.
const still = document.createElement("style")
still.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}"
document.head.append(still)

setProjectAnnotations([a11yAddonAnnotations, projectAnnotations])
