export { ThatPage as Component } from './that-page'
export { loader } from './that.data'
