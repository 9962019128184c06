/**
 * The chatbot's category icons (docs/product/complaints.md#chatbot), by the name the server gives
 * each category. Decorative: the category's name is always written beside it. Used by the chatbot
 * and the older complaint start page only: the bundler puts it in the chunk those two routes already
 * share (the chatbot's calls), so it adds no chunk, whose name would weigh on every route's first
 * load (the entry's preload map).
 */
const PATHS: Record<string, string> = {
  // A banknote.
  repayment: 'M3 6h18v12H3zm2 2v8h14V8zm7 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
  // A calendar with an arrow.
  extension: 'M7 2h2v2h6V2h2v2h3v16H4V4h3zm-1 6v10h12V8zm6 2 4 3-4 3v-2H8v-2h4z',
  // A percent sign.
  fees: 'M7.5 4a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm9 9a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zM17.6 4 19 5.4 6.4 18 5 16.6z',
  // A person.
  account: 'M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm0 10c4.4 0 8 2 8 4.5V20H4v-2.5C4 15 7.6 13 12 13z',
  // A shield.
  privacy: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5zm0 2.2 6 2.2V11c0 3.9-2.5 7.4-6 8.8-3.5-1.4-6-4.9-6-8.8V6.4z',
  // A telephone handset.
  collection: 'M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z',
  // A document.
  loan: 'M6 2h8l6 6v14H6zm7 1.5V9h5.5zM8 12v2h10v-2zm0 4v2h10v-2z',
  // A headset.
  contact: 'M12 2a9 9 0 0 0-9 9v6a3 3 0 0 0 3 3h2v-8H5v-1a7 7 0 0 1 14 0v1h-3v8h3v1h-6v2h6a2 2 0 0 0 2-2v-10a9 9 0 0 0-9-9z',
}

// A speech bubble, for a category this app has no icon of.
const FALLBACK = 'M4 3h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H8l-5 4V4a1 1 0 0 1 1-1zm1 2v11.6L7.3 15H19V5z'

export function TopicIcon({ name, size = 28 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? FALLBACK} fill="currentColor" fillRule="evenodd" />
    </svg>
  )
}
