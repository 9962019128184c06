export { ComingSoonPage as Component } from './coming-soon-page'
