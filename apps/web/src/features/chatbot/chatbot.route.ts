export { ChatbotPage as Component } from './chatbot-page'
export { loader } from './chatbot.data'
