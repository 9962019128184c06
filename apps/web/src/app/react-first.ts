// React and React DOM as the app starts them, from the chunk of their own (`react` in
// vite.config.ts): their module code then runs as that chunk is evaluated, in a task before the
// entry's, rather than inside it (docs/performance/borrower-main-thread.md#reacts-evaluation).
export { startTransition, StrictMode } from 'react'
export { createRoot, hydrateRoot, type Root } from 'react-dom/client'
