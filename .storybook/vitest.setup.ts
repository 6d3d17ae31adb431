// Storybook's Vitest addon applies the preview and addon annotations itself (since 10.3).
// Screenshots must not catch an animation or a blinking caret half-way.
const still = document.createElement("style")
still.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}"
document.head.append(still)
