export { CustomerServicePage as Component } from './customer-service-page'
export { loader } from './customer-service.data'
