export { ComingSoonPage as Component } from '../coming-soon/coming-soon-page'
