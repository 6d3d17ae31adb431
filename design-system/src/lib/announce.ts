/**
 * One polite live region for the whole document (as React Aria's announcer): a part whose state changes without
 * moving the focus or changing its name — a button that turns busy — says so here. The region is visually
 * hidden, sits at the end of <body> (no layout anywhere) and each message is its own node, removed after a while,
 * so the same words said twice are announced twice.
 */
const REGION_ID = "mh-announcer"
const KEEP_MS = 7_000

function region(): HTMLElement {
  let node = document.getElementById(REGION_ID)
  if (!node) {
    node = document.createElement("div")
    node.id = REGION_ID
    node.dataset.slot = "announcer"
    node.setAttribute("aria-live", "polite")
    node.setAttribute("aria-relevant", "additions")
    // The sr-only rules, inline: the package's CSS may not be loaded where this runs.
    Object.assign(node.style, {
      position: "absolute",
      width: "1px",
      height: "1px",
      padding: "0",
      margin: "-1px",
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
      border: "0",
    })
    document.body.appendChild(node)
  }
  return node
}

/** Says `message` to screen readers, politely (after what they are reading). Does nothing outside a browser. */
export function announce(message: string): void {
  if (typeof document === "undefined" || !message) return
  const line = document.createElement("div")
  line.textContent = message
  region().appendChild(line)
  setTimeout(() => line.remove(), KEEP_MS)
}
