const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/**
 * Text made safe for the server's own HTML and SVG pages, in an element or a quoted attribute
 * (the sandbox and checkout pages, the API reference, the bank logos).
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
