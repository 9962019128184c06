/** The knowledge base's query keys: a save refreshes the list, a link the unanswered questions too. */
export const KB_KEY = ['ops', 'kb', 'entries'] as const
export const KB_GAPS_KEY = ['ops', 'kb', 'gaps'] as const
