/** Escapes text for HTML content and double-quoted attributes (page head, server-made pages, mail). */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string)
