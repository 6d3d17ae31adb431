// Storybook's Vitest addon applies the preview and addon annotations itself (since 10.3).
// The stylesheets come first: their @font-face rules must exist before the fonts are loaded below.
import "../stories/setup"

// Screenshots must not catch an animation or a blinking caret half-way.
const still = document.createElement("style")
still.textContent =
  "*,*::before,*::after{animation:none!important;transition:none!important;caret-color:transparent!important}"
document.head.append(still)

// Load the fonts before the first story, so no story measures or draws text in a fallback face.
/** The task languages' scripts (stories/setup.ts): a letter of each, so the subset its unicode-range names loads. */
const SCRIPT_SAMPLES: [script: string, letter: string][] = [
  ["Arabic", "ع"],
  ["Armenian", "Հ"],
  ["Bengali", "ব"],
  ["Devanagari", "ह"],
  ["Georgian", "ქ"],
  ["Gurmukhi", "ਪ"],
  ["Hebrew", "ע"],
  ["Malayalam", "മ"],
  ["Myanmar", "မ"],
  ["Telugu", "త"],
]
await Promise.all([
  ...[
    '400 16px "Inter Variable"',
    '600 16px "Inter Variable"',
    '700 16px "Inter Variable"',
    '400 16px "JetBrains Mono"',
  ].map((font) => document.fonts.load(font)),
  ...SCRIPT_SAMPLES.map(([script, letter]) => document.fonts.load(`400 16px "Noto Sans ${script}"`, letter)),
])
